import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { PLATEGA_MODULE, type PlategaModuleService } from "../modules/platega"
import { isSubscriptionProvider } from "../providers/platega"
import { settleSubscriptionStatus } from "../workflows/subscriptions/settle-status"
import { withSubscriptionLock } from "../workflows/subscriptions/subscription-lock"

/**
 * An order paid by a subscription checkout (the shopper's return or a callback completed the
 * cart): its subscription record is made, or brought up to date, and tied to the order at once.
 */
export default async function plategaSubscriptionOrderPlaced({
  event,
  container,
}: SubscriberArgs<{ id: string }>) {
  const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "order",
    fields: ["id", "payment_collections.payments.provider_id", "payment_collections.payments.data"],
    filters: { id: event.data.id },
  })
  type Payment = { provider_id?: string; data?: Record<string, unknown> | null } | null
  type Collection = { payments?: Payment[] | null } | null
  const collections = (data[0]?.payment_collections ?? []) as Collection[]
  const payments = collections.flatMap((c) => c?.payments ?? [])
  for (const payment of payments) {
    const paid = (payment?.data ?? {}) as { subscription_id?: string; renewal_of?: string }
    if (!isSubscriptionProvider(payment?.provider_id) || paid.renewal_of || !paid.subscription_id)
      continue
    // Placed by the subscription's own settlement (its charge callback): already tied, no read.
    // Asked under the subscription's lock, which that settlement holds until it has tied it.
    const id = paid.subscription_id
    const tied = await withSubscriptionLock(container, id, () =>
      tiedTo(container, id, event.data.id),
    )
    if (tied) continue
    await settleSubscriptionStatus(container, { subscription_id: paid.subscription_id })
  }
}

/** Whether the store's record of the subscription already names this order as its first. */
async function tiedTo(
  container: SubscriberArgs["container"],
  subscriptionId: string,
  orderId: string,
): Promise<boolean> {
  const [record] = await container
    .resolve<PlategaModuleService>(PLATEGA_MODULE)
    .listPlategaSubscriptions(
      { platega_id: [...new Set([subscriptionId, subscriptionId.toLowerCase()])] },
      { take: 1, select: ["first_order_id"] },
    )
  return record?.first_order_id === orderId
}

export const config: SubscriberConfig = {
  event: "order.placed",
  context: { subscriberId: "platega-subscription-order-placed" },
}
