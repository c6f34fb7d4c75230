import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import {
  settleFlaggedCaseWorkflow,
  type SettleFlaggedCaseInput,
} from "../../../../../../../workflows/attention/settle-flagged-case"

/**
 * Runs the settle workflow for the case in the path, as the signed-in admin. A case already
 * settled answers 409 with what happened to it and when: Medusa's error handler would word every
 * conflict as a retry with an Idempotency-Key, which tells the merchant nothing.
 */
export async function settleCase(
  req: AuthenticatedMedusaRequest<{ note?: string }>,
  res: MedusaResponse,
  action: SettleFlaggedCaseInput["action"],
): Promise<void> {
  try {
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
  } catch (e) {
    if (!MedusaError.isMedusaError(e) || e.type !== MedusaError.Types.CONFLICT) throw e
    res.status(409).json({ type: "conflict", code: "case_settled", message: e.message })
  }
}
