import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { cancelPlategaSubscriptionWorkflow } from "../../../../../../workflows/subscriptions/cancel-subscription"
import { ownRecordOr404, toStoreSubscriptions } from "../../view"

/**
 * POST /store/platega/subscriptions/:id/cancel: the shopper stops their own subscription. Another
 * shopper's answers 404 and nothing changes; cancelling again answers it as it is.
 */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse): Promise<void> {
  const record = await ownRecordOr404(req.scope, req.auth_context.actor_id, req.params.id)
  const { result } = await cancelPlategaSubscriptionWorkflow(req.scope).run({
    input: { id: record.id, by: "customer" },
  })
  const [subscription] = await toStoreSubscriptions(req.scope, [result.subscription])
  res.json({ subscription })
}
