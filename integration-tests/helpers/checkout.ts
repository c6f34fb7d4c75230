import { randomUUID } from "node:crypto"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { AxiosInstance } from "axios"
import type { StoreFixture } from "./store"

export const SBP = "pp_platega-sbp_platega"
export const CARD = "pp_platega-card_platega"

export interface PlategaSession {
  id: string
  status: string
  provider_id: string
  data: { transaction_id: string; redirect: string; qr?: string; amount: string; currency: string }
}

/** A cart as a storefront builds it: item, address, shipping method. */
export async function createCart(
  api: AxiosInstance,
  store: StoreFixture,
  quantity = 1,
): Promise<string> {
  const { headers } = store
  const {
    data: { cart },
  } = await api.post(
    "/store/carts",
    {
      region_id: store.regionId,
      // One e-mail per cart: concurrent carts of one new customer race on creating that customer.
      email: `shopper-${randomUUID().slice(0, 8)}@example.com`,
      items: [{ variant_id: store.variantId, quantity }],
      shipping_address: {
        first_name: "Иван",
        last_name: "Петров",
        address_1: "ул. Ленина, 1",
        city: "Казань",
        country_code: "ru",
        postal_code: "420000",
      },
    },
    { headers },
  )
  const {
    data: { shipping_options },
  } = await api.get(`/store/shipping-options?cart_id=${cart.id}`, { headers })
  await api.post(
    `/store/carts/${cart.id}/shipping-methods`,
    { option_id: shipping_options[0].id },
    { headers },
  )
  return cart.id
}

/**
 * Creates the cart's payment session with a Platega provider, as a storefront does; returns the
 * session it made. With a return address (the default) the payment starts; with `data: {}` the
 * shopper has only chosen the method.
 */
export async function startPayment(
  api: AxiosInstance,
  store: StoreFixture,
  cartId: string,
  providerId: string,
  data: Record<string, unknown> = { return_url: `http://localhost:8000/return?cart_id=${cartId}` },
): Promise<PlategaSession> {
  const { headers } = store
  const {
    data: { payment_collection },
  } = await api.post("/store/payment-collections", { cart_id: cartId }, { headers })
  const {
    data: { payment_collection: updated },
  } = await api.post(
    `/store/payment-collections/${payment_collection.id}/payment-sessions`,
    { provider_id: providerId, data },
    { headers },
  )
  return updated.payment_sessions.find((s: PlategaSession) => s.provider_id === providerId)
}

export type Completion =
  { type: "order"; order: { id: string } } | { type: "cart"; error?: { message: string } }

/** The shopper's return to the store: cart completion. */
export async function completeCart(
  api: AxiosInstance,
  store: StoreFixture,
  cartId: string,
): Promise<Completion> {
  const res = await api.post(
    `/store/carts/${cartId}/complete`,
    {},
    { headers: store.headers, validateStatus: () => true },
  )
  if (res.status >= 500)
    throw new Error(`cart completion answered ${res.status}: ${JSON.stringify(res.data)}`)
  if (res.data?.type === "order") return { type: "order", order: res.data.order }
  return { type: "cart", error: res.data?.error ?? { message: JSON.stringify(res.data) } }
}

export interface CartOutcome {
  orders: { id: string }[]
  sessions: { id: string; status: string; provider_id: string; data: Record<string, unknown> }[]
  payments: {
    id: string
    captured_at: string | null
    amount: number
    refunds: { amount: number }[]
  }[]
}

/** What the database holds for a cart: its orders and the payments of its collection. */
export async function cartOutcome(
  container: MedusaContainer,
  cartId: string,
): Promise<CartOutcome> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: links } = await query.graph({
    entity: "order_cart",
    fields: ["order_id"],
    filters: { cart_id: cartId },
  })
  const { data: collections } = await query.graph({
    entity: "cart_payment_collection",
    fields: ["payment_collection_id"],
    filters: { cart_id: cartId },
  })
  const collectionIds = collections.map((c) => c.payment_collection_id)
  const { data: sessions } = collectionIds.length
    ? await query.graph({
        entity: "payment_session",
        fields: ["id", "status", "provider_id", "data"],
        filters: { payment_collection_id: collectionIds },
      })
    : { data: [] }
  const { data: payments } = collectionIds.length
    ? await query.graph({
        entity: "payment",
        fields: ["id", "captured_at", "amount", "refunds.amount"],
        filters: { payment_collection_id: collectionIds },
      })
    : { data: [] }
  return {
    orders: links.map((l) => ({ id: l.order_id })),
    sessions: sessions as unknown as CartOutcome["sessions"],
    payments: payments as unknown as CartOutcome["payments"],
  }
}

/** Polls until `check` passes or the time is up (callbacks are processed asynchronously). */
export async function eventually<T>(
  fn: () => Promise<T>,
  check: (v: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let last = await fn()
  while (!check(last) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 150))
    last = await fn()
  }
  return last
}
