import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { checkCallbackUrl, type CallbackCheck } from "../callback-check"
import { callbackInfo } from "../callback-url"

/**
 * A check costs a DNS lookup and a TLS handshake: kept a few minutes per URL. It only informs the
 * admin (nothing acts on it), so a copy per instance is enough.
 */
const TTL_MS = 5 * 60_000
const cache = new Map<string, { at: number; check: CallbackCheck }>()

/**
 * GET /admin/platega/settings/callback-check: whether Platega will accept the store's callback
 * URL (public HTTPS with a certificate from a trusted authority) and, when not, why.
 */
export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const { url } = callbackInfo(req)
  const cached = cache.get(url)
  let check = cached && Date.now() - cached.at < TTL_MS ? cached.check : undefined
  if (!check) {
    check = await checkCallbackUrl(url)
    if (cache.size > 100) cache.clear()
    cache.set(url, { at: Date.now(), check })
  }
  res.json({ url, check })
}
