import { MedusaError } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import type { PlategaClient } from "../../lib/platega"
import {
  PLATEGA_MODULE,
  PlategaNotConfiguredError,
  type PlategaModuleService,
} from "../../modules/platega"

export const NO_PAYOUT_KEY_MESSAGE =
  "No Platega payout key is configured: saved cards and payouts need the separate payout API key " +
  "from the Platega dashboard. Add it under Settings → Platega (or the provider option `payoutKey`). " +
  "Nothing was sent."

/** The Platega client with its payout key, or a clear 400 when payouts cannot be made at all. */
export async function payoutClient(
  container: MedusaContainer,
): Promise<{ client: PlategaClient; payoutKey: string; platega: PlategaModuleService }> {
  const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
  const settings = await platega.getEffectiveSettings()
  if (!settings.payoutKey)
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, NO_PAYOUT_KEY_MESSAGE)
  try {
    return { client: await platega.getClient(), payoutKey: settings.payoutKey, platega }
  } catch (e) {
    if (e instanceof PlategaNotConfiguredError) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, e.message)
    }
    throw e
  }
}
