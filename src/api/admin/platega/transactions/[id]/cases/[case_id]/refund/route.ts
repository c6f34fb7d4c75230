import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { AdminRefundPlategaCaseType } from "../../../../validators"
import { settleCase } from "../settle"

/**
 * POST /admin/platega/transactions/:id/cases/:case_id/refund: the flagged payment's whole amount
 * back to the payer at Platega (after cancel-supported says yes), once; the case is then settled.
 */
export function POST(
  req: AuthenticatedMedusaRequest<AdminRefundPlategaCaseType>,
  res: MedusaResponse,
): Promise<void> {
  return settleCase(req, res, "refund")
}
