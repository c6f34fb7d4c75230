import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { settleTransaction } from "../../../../../../workflows/callbacks/settle-transaction"
import { ordersById } from "../../../../../../workflows/attention/places"
import { transactionIdParam } from "../../validators"

/**
 * POST /admin/platega/transactions/:id/recheck: reads the transaction from Platega again and
 * brings it in the way its callback and the reconciliation job would (a payment link's through
 * its link, a checkout's into its order). Answers what it found and did, naming the order.
 */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse): Promise<void> {
  const id = transactionIdParam(req.params.id)
  const result = await settleTransaction(req.scope, id)
  const order = result.order_id
    ? (await ordersById(req.scope, [result.order_id])).get(result.order_id)
    : undefined
  res.json({
    recheck: {
      transaction_id: id,
      platega_status: result.platega_status ?? null,
      outcome: result.outcome,
      detail: result.detail,
      order_id: result.order_id ?? null,
      order_display_id: order?.display_id ?? null,
      checked_at: new Date().toISOString(),
    },
  })
}
