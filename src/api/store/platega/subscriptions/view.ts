import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { PLATEGA_MODULE, type PlategaModuleService } from "../../../../modules/platega"
import {
  chargesOf,
  ordersById,
  subscriptionView,
  type SubscriptionView,
} from "../../../../workflows/subscriptions/read-subscriptions"
import type { SubscriptionRecord } from "../../../../workflows/subscriptions/subscription-record"

type Scope = Pick<MedusaContainer, "resolve">

/** What a shopper sees of their own subscription: no Platega ids, nobody else's data. */
type StorePlategaSubscription = SubscriptionView & {
  /** The orders it paid for, newest first. */
  orders: { id: string; display_id: number; created_at: Date }[]
}

export async function toStoreSubscriptions(
  scope: Scope,
  records: SubscriptionRecord[],
): Promise<StorePlategaSubscription[]> {
  const charges = await chargesOf(
    scope,
    records.map((r) => r.id),
  )
  const orders = await ordersById(scope, [
    ...records.map((r) => r.first_order_id),
    ...charges.map((c) => c.order_id),
  ])
  return records.map((r) => {
    const ids = new Set(
      [
        r.first_order_id,
        ...charges.filter((c) => c.subscription_id === r.id).map((c) => c.order_id),
      ].filter((id): id is string => !!id),
    )
    const own = [...ids]
      .map((id) => orders.get(id))
      .filter((o) => !!o)
      .sort((a, b) => +new Date(b.created_at) - +new Date(a.created_at))
    return {
      ...subscriptionView(r),
      orders: own.map((o) => ({ id: o.id, display_id: o.display_id, created_at: o.created_at })),
    }
  })
}

/**
 * The caller's own subscription, or 404: another shopper's answers exactly as an unknown id does,
 * so ids cannot be probed.
 */
export async function ownRecordOr404(
  scope: Scope,
  customerId: string,
  id: string,
): Promise<SubscriptionRecord> {
  const platega = scope.resolve<PlategaModuleService>(PLATEGA_MODULE)
  const [record] = await platega.listPlategaSubscriptions(
    { id, customer_id: customerId },
    { take: 1 },
  )
  if (!record) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Subscription ${id} was not found`)
  }
  return record as SubscriptionRecord
}
