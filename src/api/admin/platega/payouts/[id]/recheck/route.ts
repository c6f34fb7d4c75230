import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { recheckPlategaPayoutWorkflow } from "../../../../../../workflows/payouts/recheck-payout"
import type { AdminRecheckPlategaPayoutType } from "../../validators"

/**
 * POST /admin/platega/payouts/:id/recheck: a payout whose outcome is unknown is sent again with
 * its own Idempotency-Key and the same bytes, which Platega answers with the payout it made (or
 * makes it, if the first request never arrived). A payout to a typed card needs `card_number`
 * again: it is not stored.
 */
export async function POST(
  req: AuthenticatedMedusaRequest<AdminRecheckPlategaPayoutType>,
  res: MedusaResponse,
): Promise<void> {
  const { result } = await recheckPlategaPayoutWorkflow(req.scope).run({
    input: { id: req.params.id, card_number: req.validatedBody.card_number },
  })
  res.json(result)
}
