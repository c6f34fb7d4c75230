import { z } from "zod"
import { SETTINGS, clearable, settingsPatchSchema } from "../../../modules/platega/settings"
import { pageParams } from "./list-query"

/** POST /admin/platega/settings: a partial change, from the settings table. */
export const AdminPlategaSettingsPatch = settingsPatchSchema
export type AdminPlategaSettingsPatchType = z.infer<typeof AdminPlategaSettingsPatch>

/**
 * POST /admin/platega/settings/connection-check: values to try before saving them; whatever is left out is
 * taken from the saved settings. `payout_key: null` tests without one.
 */
export const AdminPlategaConnectionTest = z.object({
  merchant_id: SETTINGS.merchant_id.schema.optional(),
  secret: SETTINGS.secret.schema.optional(),
  payout_key: clearable(SETTINGS.payout_key.schema),
  base_url: SETTINGS.base_url.schema.optional(),
  hmac_scheme: SETTINGS.hmac_scheme.schema.optional(),
  sign_path_with_query: SETTINGS.sign_path_with_query.schema.optional(),
})
export type AdminPlategaConnectionTestType = z.infer<typeof AdminPlategaConnectionTest>

/** GET /admin/platega/settings/audit */
export const AdminPlategaSettingsAuditParams = z.object(pageParams)
export type AdminPlategaSettingsAuditParamsType = z.infer<typeof AdminPlategaSettingsAuditParams>
