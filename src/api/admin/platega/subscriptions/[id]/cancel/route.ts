import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { cancelPlategaSubscriptionWorkflow } from "../../../../../../workflows/subscriptions/cancel-subscription"
import { adminSubscriptionDetail, findRecordOr404 } from "../../detail"

/**
 * POST /admin/platega/subscriptions/:id/cancel: stops it at Platega and records Platega's answer.
 * Idempotent: once stopped, it answers the record as it is and sends nothing.
 */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse): Promise<void> {
  await findRecordOr404(req.scope, req.params.id)
  const { result } = await cancelPlategaSubscriptionWorkflow(req.scope).run({
    input: { id: req.params.id, by: "admin" },
  })
  res.json({ subscription: await adminSubscriptionDetail(req.scope, result.subscription) })
}
