import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { AxiosInstance } from "axios"
import { PLATEGA_MODULE, type PlategaModuleService } from "../../src/modules/platega"
import type { RunningSandbox } from "platega-sandbox"
import {
  syncPlategaSubscriptionsWorkflow,
  type SyncReport,
} from "../../src/workflows/subscriptions/sync-platega-subscriptions"
import { createCart, eventually, startPayment, type PlategaSession } from "./checkout"
import type { StoreFixture } from "./store"

export const SUBSCRIPTION = "pp_platega-subscription_platega"

export type SubscriptionSession = PlategaSession & {
  data: PlategaSession["data"] & { subscription_id: string; plan: unknown }
}

/** Sets a variant's plan through the admin API, as the product page widget does. */
export async function setPlan(
  api: AxiosInstance,
  admin: { headers: Record<string, string> },
  variantId: string,
  plan: { interval: string; interval_count: number } | null,
) {
  return plan
    ? api.post(`/admin/platega/variants/${variantId}/plan`, plan, {
        ...admin,
        validateStatus: () => true,
      })
    : api.delete(`/admin/platega/variants/${variantId}/plan`, {
        ...admin,
        validateStatus: () => true,
      })
}

/** A cart of the plan variant, paid by subscription: the session the storefront gets. */
export async function startSubscription(
  api: AxiosInstance,
  store: StoreFixture,
  quantity = 1,
): Promise<{ cartId: string; session: SubscriptionSession; subscriptionId: string }> {
  const cartId = await createCart(api, store, quantity)
  const session = (await startPayment(api, store, cartId, SUBSCRIPTION)) as SubscriptionSession
  return { cartId, session, subscriptionId: session.data.subscription_id }
}

/** Checkout → bind → the first order, made by the callbacks: a subscription the store knows. */
export async function activeSubscription(
  api: AxiosInstance,
  container: MedusaContainer,
  store: StoreFixture,
  sandbox: RunningSandbox,
  quantity = 1,
) {
  const started = await startSubscription(api, store, quantity)
  await sandbox.control.bindSubscription(started.subscriptionId, { email: "payer@example.com" })
  const first = await eventually(
    () => subscriptionState(container, started.subscriptionId),
    (s) => !!s.record?.first_order_id && s.charges.some((c) => c.order_id),
  )
  return { ...started, first }
}

export interface SubscriptionState {
  record?: {
    id: string
    status: string
    first_order_id: string | null
    customer_id: string | null
    attention: string | null
  }
  charges: {
    platega_id: string
    status: string
    kind: string | null
    order_id: string | null
    error?: string | null
  }[]
  /** Orders linked to the subscription, with what a renewal must carry. */
  orders: {
    id: string
    total: number
    items: { variant_id: string; quantity: number; unit_price: number }[]
    payments: { provider_id: string; amount: number; captured_at: string | null }[]
  }[]
  customerLinked: boolean
}

/** What the database holds for a Platega subscription: our record, charges, linked orders. */
export async function subscriptionState(
  container: MedusaContainer,
  plategaId: string,
): Promise<SubscriptionState> {
  const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
  const [record] = await platega.listPlategaSubscriptions({ platega_id: plategaId.toLowerCase() })
  if (!record) return { charges: [], orders: [], customerLinked: false }
  const charges = await platega.listPlategaSubscriptionCharges(
    { subscription_id: record.id },
    { take: 10_000 },
  )
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: subs } = await query.graph({
    entity: "platega_subscription",
    fields: ["id", "customer.id", "orders.id"],
    filters: { id: record.id },
  })
  const row = subs[0] as unknown as { customer?: { id: string } | null; orders?: { id: string }[] }
  const orderIds = (row?.orders ?? []).map((o) => o.id)
  const { data: orders } = orderIds.length
    ? await query.graph({
        entity: "order",
        fields: [
          "id",
          "total",
          "created_at",
          "items.variant_id",
          "items.quantity",
          "items.unit_price",
          "payment_collections.payments.provider_id",
          "payment_collections.payments.amount",
          "payment_collections.payments.captured_at",
        ],
        filters: { id: orderIds },
      })
    : { data: [] }
  type Order = {
    id: string
    total: number
    created_at: string | Date
    items: SubscriptionState["orders"][number]["items"]
    payment_collections: { payments: SubscriptionState["orders"][number]["payments"] }[]
  }
  return {
    record: record as SubscriptionState["record"],
    charges: charges as SubscriptionState["charges"],
    orders: (orders as unknown as Order[])
      .sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime())
      .map((o) => ({
        id: o.id,
        total: Number(o.total),
        items: o.items.map((i) => ({
          ...i,
          quantity: Number(i.quantity),
          unit_price: Number(i.unit_price),
        })),
        payments: (o.payment_collections ?? []).flatMap((c) =>
          c.payments.map((p) => ({ ...p, amount: Number(p.amount) })),
        ),
      })),
    customerLinked: !!row?.customer?.id,
  }
}

/** The charge callback Platega sent for a charge (read from the sandbox's delivery log). */
export async function chargeCallbackBody(sandbox: RunningSandbox, chargeId: string) {
  const log = await sandbox.control.callbackLog()
  const entry = log.find((e) => e.kind === "subscription.charge" && e.body.includes(chargeId))
  if (!entry) throw new Error(`no charge callback for ${chargeId} in the sandbox log`)
  return JSON.parse(entry.body) as Record<string, unknown>
}

/** One run of the subscription recovery job's workflow. */
export async function syncSubscriptions(container: MedusaContainer): Promise<SyncReport> {
  const { result } = await syncPlategaSubscriptionsWorkflow(container).run({
    input: { pendingMinAgeMinutes: 0 },
  })
  return result
}

/** Collects the events other code can subscribe to, for a test to look at. */
export function recordEvents(container: MedusaContainer, names: string[]) {
  const seen: { name: string; data: Record<string, unknown> }[] = []
  const bus = container.resolve(Modules.EVENT_BUS)
  for (const name of names) {
    bus.subscribe(
      name,
      async (event) => {
        seen.push({ name, data: event.data as Record<string, unknown> })
      },
      { subscriberId: `test-${name}` },
    )
  }
  return seen
}
