import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ownRecordOr404, toStoreSubscriptions } from "../view"

/** GET /store/platega/subscriptions/:id: one of the caller's own; anyone else's is 404. */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse): Promise<void> {
  const record = await ownRecordOr404(req.scope, req.auth_context.actor_id, req.params.id)
  const [subscription] = await toStoreSubscriptions(req.scope, [record])
  res.json({ subscription })
}
