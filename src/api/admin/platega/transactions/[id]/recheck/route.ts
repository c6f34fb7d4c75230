import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { handlePlategaTransactionWorkflow } from "../../../../../../workflows/callbacks/handle-platega-transaction"
import { transactionIdParam } from "../../validators"

/**
 * POST /admin/platega/transactions/:id/recheck: reads the transaction from Platega again and runs
 * it through the workflow the reconciliation job uses (a paid checkout becomes its order, money
 * returned on an order flags it). Answers what it found and did.
 */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse): Promise<void> {
  const id = transactionIdParam(req.params.id)
  const { result } = await handlePlategaTransactionWorkflow(req.scope).run({
    input: { transaction_id: id },
  })
  res.json({
    recheck: {
      transaction_id: id,
      platega_status: result.platega_status ?? null,
      outcome: result.outcome,
      detail: result.detail,
      order_id: result.order_id ?? null,
      checked_at: new Date().toISOString(),
    },
  })
}
