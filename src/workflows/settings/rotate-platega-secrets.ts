import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { rotatePlategaSecretsStep } from "./steps/rotate-platega-secrets"

/**
 * After a key rotation (new key in PLATEGA_ENCRYPTION_KEY, old ones in
 * PLATEGA_ENCRYPTION_OLD_KEYS): re-encrypts stored secrets under the new key, so the old keys can
 * be dropped. Audited as "rotate".
 */
export const rotatePlategaSecretsWorkflow = createWorkflow(
  "rotate-platega-secrets",
  (input: { actor_id: string | null }) => new WorkflowResponse(rotatePlategaSecretsStep(input)),
)
