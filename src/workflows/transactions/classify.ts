import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { PLATEGA_MODULE, type PlategaModuleService } from "../../modules/platega"
import type { TransactionKind } from "./kinds"
import { ordersById } from "./places"

type Scope = Pick<MedusaContainer, "resolve">

export { TRANSACTION_KINDS, type TransactionKind } from "./kinds"

/** One transaction's kind and where its money belongs, from the store's own records. */
export interface TransactionPlace {
  kind: TransactionKind
  /** The checkout's payment session (it may be deleted since: Medusa deletes replaced ones). */
  session_id: string | null
  /** A payment link's collection. */
  payment_collection_id: string | null
  cart_id: string | null
  order_id: string | null
  order_display_id: number | null
  subscription_id: string | null
}

const UNKNOWN: TransactionPlace = {
  kind: "unknown",
  session_id: null,
  payment_collection_id: null,
  cart_id: null,
  order_id: null,
  order_display_id: null,
  subscription_id: null,
}

/**
 * What each transaction is and where its money belongs, by id (lower case): read from the records
 * the store wrote when it made or took each one (a payment link, a subscription charge, a
 * subscription's checkout, a checkout's transaction), never from what a callback said. A checkout
 * attempt's order is its cart's order, so a declined or abandoned attempt shows under the order
 * its cart became. Every admin surface and export reads this one answer.
 */
export async function classifyTransactions(
  scope: Scope,
  transactionIds: (string | null | undefined)[],
): Promise<Map<string, TransactionPlace>> {
  const ids = [...new Set(transactionIds.filter((id): id is string => !!id).map(lower))]
  const found = new Map<string, TransactionPlace>()
  if (!ids.length) return found
  // Ids are kept as Platega wrote them; UUIDs come in either case.
  const anyCase = [...new Set(ids.flatMap((id) => [id, id.toUpperCase()]))]
  const platega = scope.resolve<PlategaModuleService>(PLATEGA_MODULE)
  const [links, charges, subscriptions, checkouts] = await Promise.all([
    platega.listPlategaPaymentLinks(
      { transaction_id: anyCase },
      { select: ["transaction_id", "payment_collection_id", "order_id"] },
    ),
    platega.listPlategaSubscriptionCharges(
      { platega_id: anyCase },
      { select: ["platega_id", "order_id", "subscription_id"] },
    ),
    platega.listPlategaSubscriptions(
      { platega_id: anyCase },
      { select: ["id", "platega_id", "cart_id", "payment_session_id", "first_order_id"] },
    ),
    platega.listPlategaCheckoutTransactions(
      { transaction_id: anyCase },
      { select: ["transaction_id", "payment_session_id", "cart_id"] },
    ),
  ])
  const cartOrders = await ordersOfCarts(
    scope,
    checkouts.map((c) => c.cart_id),
  )
  // Lowest precedence first: a record of a more specific kind overwrites a checkout's.
  for (const c of checkouts) {
    found.set(lower(c.transaction_id), {
      ...UNKNOWN,
      kind: "checkout",
      session_id: c.payment_session_id,
      cart_id: c.cart_id ?? null,
      order_id: (c.cart_id && cartOrders.get(c.cart_id)) || null,
    })
  }
  for (const s of subscriptions) {
    found.set(lower(s.platega_id), {
      ...UNKNOWN,
      kind: "subscription_checkout",
      session_id: s.payment_session_id,
      cart_id: s.cart_id,
      order_id: s.first_order_id ?? null,
      subscription_id: s.id,
    })
  }
  for (const c of charges) {
    const row = c as unknown as { subscription_id?: string | null }
    found.set(lower(c.platega_id), {
      ...UNKNOWN,
      kind: "subscription_charge",
      order_id: c.order_id ?? null,
      subscription_id: row.subscription_id ?? null,
    })
  }
  for (const l of links) {
    found.set(lower(l.transaction_id), {
      ...UNKNOWN,
      kind: "link",
      payment_collection_id: l.payment_collection_id,
      order_id: l.order_id ?? null,
    })
  }
  const orders = await ordersById(
    scope,
    [...found.values()].map((p) => p.order_id),
  )
  for (const id of ids) {
    const place = found.get(id) ?? { ...UNKNOWN }
    place.order_display_id = (place.order_id && orders.get(place.order_id)?.display_id) || null
    found.set(id, place)
  }
  return found
}

/** The one transaction's place; unknown when the store has no record of it. */
export async function classifyTransaction(scope: Scope, id: string): Promise<TransactionPlace> {
  return (await classifyTransactions(scope, [id])).get(lower(id)) ?? { ...UNKNOWN }
}

const lower = (id: string) => id.toLowerCase()

/** The order each cart became (Medusa's order–cart link), by cart id. */
async function ordersOfCarts(
  scope: Scope,
  cartIds: (string | null | undefined)[],
): Promise<Map<string, string>> {
  const ids = [...new Set(cartIds.filter((id): id is string => !!id))]
  if (!ids.length) return new Map()
  const { data } = await scope.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "order_cart",
    fields: ["order_id", "cart_id"],
    filters: { cart_id: ids },
  })
  return new Map(data.map((l) => [l.cart_id as string, l.order_id as string]))
}
