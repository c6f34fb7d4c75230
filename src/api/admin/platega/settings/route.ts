import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { PLATEGA_MODULE, type PlategaModuleService } from "../../../../modules/platega"
import { savePlategaSettingsWorkflow } from "../../../../workflows/settings/save-platega-settings"
import type { AdminPlategaSettingsPatchType } from "../validators"
import { callbackInfo } from "./callback-url"

/** The settings in force, each with its source; secrets only as `{ set, last4 }`. */
export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const platega = req.scope.resolve<PlategaModuleService>(PLATEGA_MODULE)
  const settings = await platega.getSettingsForAdmin()
  res.json({ settings: { ...settings, callback: callbackInfo(req) } })
}

/** A partial change: a field left out stays; "" or null clears it (back to the options). */
export const POST = async (
  req: AuthenticatedMedusaRequest<AdminPlategaSettingsPatchType>,
  res: MedusaResponse,
) => {
  const platega = req.scope.resolve<PlategaModuleService>(PLATEGA_MODULE)
  // Sealed here, before the workflow: its input must never hold a secret in plain text.
  const patch = platega.sealSettingsPatch(req.validatedBody)
  const { result } = await savePlategaSettingsWorkflow(req.scope).run({
    input: { patch, actor_id: req.auth_context?.actor_id ?? null },
  })
  const settings = await platega.getSettingsForAdmin()
  res.json({ changed: result.changed, settings: { ...settings, callback: callbackInfo(req) } })
}
