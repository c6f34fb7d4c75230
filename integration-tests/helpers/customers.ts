import { randomUUID } from "node:crypto"
import type { AxiosInstance } from "axios"
import type { StoreFixture } from "./store"

export interface Shopper {
  id: string
  email: string
  /** Store requests as this customer: bearer token and publishable key. */
  headers: Record<string, string>
}

/** A shopper with an account: registered, created, logged in (Medusa's emailpass). */
export async function registerShopper(api: AxiosInstance, store: StoreFixture): Promise<Shopper> {
  const email = `account-${randomUUID().slice(0, 8)}@example.com`
  const password = `pw-${randomUUID()}`
  const registered = await api.post("/auth/customer/emailpass/register", { email, password })
  const {
    data: { customer },
  } = await api.post(
    "/store/customers",
    { email, first_name: "Анна", last_name: "Смирнова" },
    { headers: { ...store.headers, authorization: `Bearer ${registered.data.token}` } },
  )
  const login = await api.post("/auth/customer/emailpass", { email, password })
  return {
    id: customer.id,
    email,
    headers: { ...store.headers, authorization: `Bearer ${login.data.token}` },
  }
}

/** Makes a guest cart the shopper's own, as a storefront does after sign-in. */
export async function claimCart(api: AxiosInstance, shopper: Shopper, cartId: string) {
  await api.post(`/store/carts/${cartId}/customer`, {}, { headers: shopper.headers })
}
