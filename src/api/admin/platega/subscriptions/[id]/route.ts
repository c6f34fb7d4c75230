import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { PLATEGA_MODULE, type PlategaModuleService } from "../../../../../modules/platega"
import { adminSubscriptionDetail, findRecordOr404 } from "../detail"
import { readLive } from "../view"

/**
 * GET /admin/platega/subscriptions/:id: our record, its charges with their orders, and Platega's
 * live reading (GET /subscription/{id}: status, chargeMetrics). When Platega cannot be read, the
 * page still opens and `live_error` says why.
 */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse): Promise<void> {
  const platega = req.scope.resolve<PlategaModuleService>(PLATEGA_MODULE)
  const record = await findRecordOr404(req.scope, req.params.id)
  const [subscription, live] = await Promise.all([
    adminSubscriptionDetail(req.scope, record),
    readLive(async () => (await platega.getClient()).getSubscription(record.platega_id)),
  ])
  res.json({ subscription, ...live })
}
