import type { PlategaCallback, SubscriptionChargeCallback } from "../../../lib/platega"
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

/**
 * What the callback log keeps of a body that came without the merchant headers: its ids and
 * status, nothing else (anyone can send such a body; the rest is neither used nor stored). The
 * SubscriptionId is kept because the charge is confirmed by reading that subscription.
 */
export function keptOfUnauthenticated(
  callback: SubscriptionChargeCallback,
): Record<string, unknown> {
  return { Id: callback.Id, Status: callback.Status, SubscriptionId: callback.SubscriptionId }
}
