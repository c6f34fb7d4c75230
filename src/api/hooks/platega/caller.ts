import type { PlategaCallback } from "../../../lib/platega"
import { headerValue } from "../../../modules/platega/access/headers"
import type { PlategaModuleService } from "../../../modules/platega"

/**
 * Who sent a callback, by its headers: the merchant's own X-MerchantId/X-Secret (`merchant`),
 * headers that do not match (`forged`), or none at all (`anonymous`).
 */
export type Caller = "merchant" | "forged" | "anonymous"

/** The kinds Platega may send without the merchant headers (its OpenAPI marks them optional). */
export const UNAUTHENTICATED_KINDS: readonly PlategaCallback["kind"][] = ["subscription_charge"]

export async function callerOf(
  platega: Pick<PlategaModuleService, "verifyCallbackHeaders">,
  headers: Record<string, unknown>,
): Promise<Caller> {
  const given =
    headerValue(headers, "x-merchantid") !== undefined ||
    headerValue(headers, "x-secret") !== undefined
  if (!given) return "anonymous"
  return (await platega.verifyCallbackHeaders(headers)) ? "merchant" : "forged"
}
