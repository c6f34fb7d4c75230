import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { isSubscriptionProvider } from "../providers/platega"
import { settleSubscriptionStatus } from "../workflows/subscriptions/settle-status"

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
    // The read that just placed the order (a moment ago, by this store) may serve here too.
    await settleSubscriptionStatus(container, {
      subscription_id: paid.subscription_id,
      reuse_recent_read: true,
    })
  }
}

export const config: SubscriberConfig = {
  event: "order.placed",
  context: { subscriberId: "platega-subscription-order-placed" },
}
