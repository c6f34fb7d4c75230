/// <reference lib="dom" />
// The shopper's account: Medusa's customer auth (emailpass) through the JS SDK, which keeps the
// token in localStorage and sends it with every store request; and the plugin's store routes for
// the shopper's own subscriptions.
import type { HttpTypes } from "@medusajs/types"
import { sdk } from "./api"

export type Customer = HttpTypes.StoreCustomer

/** What GET /store/platega/subscriptions answers for each subscription. */
export type MySubscription = {
  id: string
  status: string
  interval: string
  interval_count: number
  amount: number
  currency_code: string
  next_charge_at: string | null
  last_charge_at: string | null
  cancelled_at: string | null
  product_title: string | null
  created_at: string
  orders: { id: string; display_id: number; created_at: string }[]
}

/** The signed-in customer, or undefined (no token, or an expired one). */
export async function me(): Promise<Customer | undefined> {
  try {
    return (await (await sdk()).store.customer.retrieve()).customer
  } catch {
    return undefined
  }
}

export async function signIn(email: string, password: string): Promise<void> {
  const result = await (await sdk()).auth.login("customer", "emailpass", { email, password })
  if (typeof result !== "string") throw new Error("This sign-in needs another step")
}

/** A new account: the auth identity, then the customer, then a fresh token that names it. */
export async function register(
  email: string,
  password: string,
  names: { first_name: string; last_name: string },
): Promise<void> {
  const s = await sdk()
  await s.auth.register("customer", "emailpass", { email, password })
  await s.store.customer.create({ email, ...names })
  await signIn(email, password)
}

export async function signOut(): Promise<void> {
  await (await sdk()).auth.logout()
}

export async function mySubscriptions(): Promise<MySubscription[]> {
  const { subscriptions } = await (
    await sdk()
  ).client.fetch<{ subscriptions: MySubscription[] }>("/store/platega/subscriptions")
  return subscriptions
}

export async function cancelMySubscription(id: string): Promise<MySubscription> {
  const { subscription } = await (
    await sdk()
  ).client.fetch<{ subscription: MySubscription }>(`/store/platega/subscriptions/${id}/cancel`, {
    method: "POST",
    body: {},
  })
  return subscription
}
