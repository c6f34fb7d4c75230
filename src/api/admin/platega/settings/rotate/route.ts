import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { rotatePlategaSecretsWorkflow } from "../../../../../workflows/settings/rotate-platega-secrets"

/** Re-encrypts stored secrets written with an older key under the current one. */
export const POST = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const { result } = await rotatePlategaSecretsWorkflow(req.scope).run({
    input: { actor_id: req.auth_context?.actor_id ?? null },
  })
  res.json(result)
}
