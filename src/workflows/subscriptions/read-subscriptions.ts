import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MathBN } from "@medusajs/framework/utils"
import { PLATEGA_MODULE, type PlategaModuleService } from "../../modules/platega"
import type { SubscriptionRecord } from "./subscription-record"
import type { SubscriptionSnapshot } from "./snapshot"

type Container = Pick<MedusaContainer, "resolve">

/** A charge as the admin and the shopper read it. */
export interface ChargeRow {
  id: string
  platega_id: string
  subscription_id: string
  status: string
  kind: "first" | "renewal" | null
  amount: number
  currency_code: string
  charged_at: Date | null
  order_id: string | null
  error: string | null
}

export interface OrderSummary {
  id: string
  display_id: number
  created_at: Date
}

export interface CustomerSummary {
  id: string
  email: string
  first_name: string | null
  last_name: string | null
}

const platega = (c: Container) => c.resolve<PlategaModuleService>(PLATEGA_MODULE)

const toAmount = (v: unknown): number =>
  MathBN.convert(v as Parameters<typeof MathBN.convert>[0]).toNumber()

/** The title the shopper bought, from what every renewal ships. */
function productTitle(record: Pick<SubscriptionRecord, "snapshot">): string | null {
  const items = (record.snapshot as unknown as SubscriptionSnapshot | null)?.items ?? []
  return items[0]?.title ?? null
}

/** What the admin and the shopper both see of a subscription: written once for both. */
export interface SubscriptionView {
  id: string
  status: string
  interval: string
  interval_count: number
  amount: number
  currency_code: string
  started_at: Date | null
  next_charge_at: Date | null
  last_charge_at: Date | null
  cancelled_at: Date | null
  product_title: string | null
  created_at: Date
}

export function subscriptionView(record: SubscriptionRecord): SubscriptionView {
  const r = record as SubscriptionRecord & { created_at: Date }
  return {
    id: r.id,
    status: r.status,
    interval: r.interval,
    interval_count: r.interval_count,
    amount: toAmount(r.amount),
    currency_code: r.currency_code,
    started_at: r.started_at,
    next_charge_at: r.next_charge_at,
    last_charge_at: r.last_charge_at,
    cancelled_at: r.cancelled_at,
    product_title: productTitle(r),
    created_at: r.created_at,
  }
}

/** Every charge of these subscriptions, newest first. */
export async function chargesOf(
  container: Container,
  subscriptionIds: string[],
): Promise<ChargeRow[]> {
  if (!subscriptionIds.length) return []
  const rows = await platega(container).listPlategaSubscriptionCharges(
    { subscription_id: subscriptionIds },
    { order: { charged_at: "DESC", created_at: "DESC" } },
  )
  return rows.map((r) => {
    const row = r as unknown as ChargeRow & { subscription?: { id: string } }
    return {
      id: row.id,
      platega_id: row.platega_id,
      subscription_id: row.subscription_id ?? row.subscription?.id,
      status: row.status,
      kind: row.kind,
      amount: toAmount(row.amount),
      currency_code: row.currency_code,
      charged_at: row.charged_at,
      order_id: row.order_id,
      error: row.error,
    }
  })
}

/** Successful charges per subscription, as this store recorded them. */
export function countConfirmed(charges: ChargeRow[]): Map<string, number> {
  const counts = new Map<string, number>()
  for (const c of charges) {
    if (c.status === "CONFIRMED")
      counts.set(c.subscription_id, (counts.get(c.subscription_id) ?? 0) + 1)
  }
  return counts
}

/** Rows of a Medusa entity by id, in a map (no query when there is nothing to read). */
async function byId<T extends { id: string }>(
  container: Container,
  entity: "order" | "customer",
  fields: string[],
  ids: (string | null | undefined)[],
): Promise<Map<string, T>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))]
  if (!wanted.length) return new Map()
  const { data } = await container
    .resolve(ContainerRegistrationKeys.QUERY)
    .graph({ entity, fields, filters: { id: wanted } })
  return new Map((data as unknown as T[]).map((row) => [row.id, row]))
}

export const ordersById = (container: Container, ids: (string | null | undefined)[]) =>
  byId<OrderSummary>(container, "order", ["id", "display_id", "created_at"], ids)

export const customersById = (container: Container, ids: (string | null | undefined)[]) =>
  byId<CustomerSummary>(container, "customer", ["id", "email", "first_name", "last_name"], ids)

/** The subscription an order belongs to (its checkout's order, or a renewal), if any. */
export async function subscriptionOfOrder(
  container: Container,
  orderId: string,
): Promise<{ record: SubscriptionRecord; charge: ChargeRow | null } | undefined> {
  const service = platega(container)
  const [charge] = await service.listPlategaSubscriptionCharges({ order_id: orderId }, { take: 1 })
  const [first] = charge
    ? []
    : await service.listPlategaSubscriptions({ first_order_id: orderId }, { take: 1 })
  const id = (charge as unknown as ChargeRow | undefined)?.subscription_id ?? first?.id
  if (!id) return undefined
  const [record] = await service.listPlategaSubscriptions({ id }, { take: 1 })
  if (!record) return undefined
  const [row] = charge ? (await chargesOf(container, [id])).filter((c) => c.id === charge.id) : []
  return { record: record as SubscriptionRecord, charge: row ?? null }
}
