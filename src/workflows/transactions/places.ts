import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

type Scope = Pick<MedusaContainer, "resolve">

/** Where a payment collection's money belongs: its cart, and its order once there is one. */
interface CollectionPlace {
  cart_id: string | null
  order_id: string | null
}

export interface OrderSummary {
  id: string
  display_id: number
  email: string | null
}

const unique = (ids: (string | null | undefined)[]) => [
  ...new Set(ids.filter((id): id is string => !!id)),
]

/** The cart and the order of each payment collection (Medusa's links), by collection id. */
export async function placesOfCollections(
  scope: Scope,
  collectionIds: (string | null | undefined)[],
): Promise<Map<string, CollectionPlace>> {
  const ids = unique(collectionIds)
  const places = new Map<string, CollectionPlace>()
  if (!ids.length) return places
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const [{ data: carts }, { data: orders }] = await Promise.all([
    query.graph({
      entity: "cart_payment_collection",
      fields: ["cart_id", "payment_collection_id"],
      filters: { payment_collection_id: ids },
    }),
    query.graph({
      entity: "order_payment_collection",
      fields: ["order_id", "payment_collection_id"],
      filters: { payment_collection_id: ids },
    }),
  ])
  const at = (id: string) => {
    const place = places.get(id) ?? { cart_id: null, order_id: null }
    places.set(id, place)
    return place
  }
  for (const c of carts) at(c.payment_collection_id).cart_id = c.cart_id
  for (const o of orders) at(o.payment_collection_id).order_id = o.order_id
  return places
}

/** Orders by id: their number and e-mail. */
export async function ordersById(
  scope: Scope,
  orderIds: (string | null | undefined)[],
): Promise<Map<string, OrderSummary>> {
  const ids = unique(orderIds)
  if (!ids.length) return new Map()
  const { data } = await scope
    .resolve(ContainerRegistrationKeys.QUERY)
    .graph({ entity: "order", fields: ["id", "display_id", "email"], filters: { id: ids } })
  return new Map((data as OrderSummary[]).map((o) => [o.id, o]))
}

/** Carts' e-mails by cart id. */
export async function cartEmails(
  scope: Scope,
  cartIds: (string | null | undefined)[],
): Promise<Map<string, string | null>> {
  const ids = unique(cartIds)
  if (!ids.length) return new Map()
  const { data } = await scope
    .resolve(ContainerRegistrationKeys.QUERY)
    .graph({ entity: "cart", fields: ["id", "email"], filters: { id: ids } })
  return new Map(data.map((c) => [c.id as string, (c.email as string | null) ?? null]))
}

/**
 * Payment sessions by id: their collection (sessions of any provider). Medusa deletes a session
 * for good when another replaces it; the store's checkout record still knows such a session's
 * cart (classify.ts).
 */
async function sessionCollections(
  scope: Scope,
  sessionIds: (string | null | undefined)[],
): Promise<Map<string, string>> {
  const ids = unique(sessionIds)
  if (!ids.length) return new Map()
  const { data } = await scope.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "payment_session",
    fields: ["id", "payment_collection_id"],
    filters: { id: ids },
  })
  return new Map(data.map((s) => [s.id as string, s.payment_collection_id as string]))
}

/**
 * Where the money of each payment session's collection belongs (its cart, its order), by session
 * id, while Medusa keeps the session: for a transaction the store made no record of that names a
 * session of this store.
 */
export async function placesOfSessions(
  scope: Scope,
  sessionIds: (string | null | undefined)[],
): Promise<Map<string, CollectionPlace & { payment_collection_id: string }>> {
  const collections = await sessionCollections(scope, sessionIds)
  const places = await placesOfCollections(scope, [...collections.values()])
  const found = new Map<string, CollectionPlace & { payment_collection_id: string }>()
  for (const [session, collection] of collections) {
    const place = places.get(collection) ?? { cart_id: null, order_id: null }
    found.set(session, { ...place, payment_collection_id: collection })
  }
  return found
}
