import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import {
  settleFlaggedCaseWorkflow,
  type SettleFlaggedCaseInput,
} from "../../../../../../../workflows/attention/settle-flagged-case"

/** Runs the settle workflow for the case in the path, as the signed-in admin. */
export async function settleCase(
  req: AuthenticatedMedusaRequest<{ note?: string }>,
  res: MedusaResponse,
  action: SettleFlaggedCaseInput["action"],
): Promise<void> {
  const { result } = await settleFlaggedCaseWorkflow(req.scope).run({
    input: {
      transaction_id: req.params.id,
      case_id: req.params.case_id,
      action,
      note: req.validatedBody.note ?? null,
      actor_id: req.auth_context?.actor_id ?? null,
    },
  })
  res.json({ resolution: result })
}
