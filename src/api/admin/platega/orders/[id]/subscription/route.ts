import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { subscriptionOfOrder } from "../../../../../../workflows/subscriptions/read-subscriptions"
import { adminSubscriptionItems } from "../../../subscriptions/detail"

/**
 * GET /admin/platega/orders/:id/subscription: the subscription an order belongs to (the checkout's
 * order or a renewal), for the order page; `subscription: null` for any other order.
 */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse): Promise<void> {
  const found = await subscriptionOfOrder(req.scope, req.params.id)
  if (!found) {
    res.json({ subscription: null, charge: null })
    return
  }
  const [subscription] = await adminSubscriptionItems(req.scope, [found.record])
  res.json({
    subscription,
    charge: {
      kind: found.charge?.kind ?? "first",
      platega_id: found.charge?.platega_id ?? null,
      // The charge's transaction status (CONFIRMED…), for the order's Platega box.
      status: found.charge?.status ?? null,
    },
  })
}
