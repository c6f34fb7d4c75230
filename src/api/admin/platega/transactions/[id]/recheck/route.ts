import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { settleTransaction } from "../../../../../../workflows/callbacks/settle-transaction"
import { classifyTransaction } from "../../../../../../workflows/transactions/classify"
import { ordersById } from "../../../../../../workflows/transactions/places"
import { transactionIdParam } from "../../validators"

/**
 * POST /admin/platega/transactions/:id/recheck: reads the transaction from Platega again and
 * brings it in the way its callback and the reconciliation job would (a payment link's through
 * its link, a checkout's into its order). Answers what it found and did, what the transaction is
 * to the store, and the order its money went to.
 */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse): Promise<void> {
  const id = transactionIdParam(req.params.id)
  const result = await settleTransaction(req.scope, id)
  // After settling: an order it made just now is already in the store's records.
  const place = await classifyTransaction(req.scope, id)
  const orderId = result.order_id ?? null
  const displayId =
    orderId && orderId === place.order_id
      ? place.order_display_id
      : orderId
        ? ((await ordersById(req.scope, [orderId])).get(orderId)?.display_id ?? null)
        : null
  res.json({
    recheck: {
      transaction_id: id,
      kind: place.kind,
      platega_status: result.platega_status ?? null,
      outcome: result.outcome,
      detail: result.detail,
      order_id: orderId,
      order_display_id: displayId,
      checked_at: new Date().toISOString(),
    },
  })
}
