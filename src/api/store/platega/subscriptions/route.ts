import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { PLATEGA_MODULE, type PlategaModuleService } from "../../../../modules/platega"
import type { SubscriptionRecord } from "../../../../workflows/subscriptions/subscription-record"
import { toStoreSubscriptions } from "./view"

/** GET /store/platega/subscriptions: the logged-in customer's own subscriptions, newest first. */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse): Promise<void> {
  const platega = req.scope.resolve<PlategaModuleService>(PLATEGA_MODULE)
  const [rows, count] = await platega.listAndCountPlategaSubscriptions(
    { customer_id: req.auth_context.actor_id },
    { order: { created_at: "DESC", id: "DESC" }, take: 100 },
  )
  res.json({
    subscriptions: await toStoreSubscriptions(req.scope, rows as SubscriptionRecord[]),
    count,
  })
}
