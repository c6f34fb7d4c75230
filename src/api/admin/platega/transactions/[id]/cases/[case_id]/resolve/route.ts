import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { AdminResolvePlategaCaseType } from "../../../../validators"
import { settleCase } from "../settle"

/**
 * POST /admin/platega/transactions/:id/cases/:case_id/resolve: settled by hand, with a note saying
 * why; the case stays in the history with who and when.
 */
export function POST(
  req: AuthenticatedMedusaRequest<AdminResolvePlategaCaseType>,
  res: MedusaResponse,
): Promise<void> {
  return settleCase(req, res, "resolve")
}
