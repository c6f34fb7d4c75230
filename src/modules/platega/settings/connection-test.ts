import { MedusaError } from "@medusajs/framework/utils"
import { PlategaClient, type ConnectionCall } from "../../../lib/platega"
import { EncryptionKeyError, type PlategaAccess } from "../access"
import type { EffectiveSettings } from "./effective"
import type { ConnectionCallRecord, ConnectionTestOverrides, ConnectionTestRecord } from "."

const trimSlash = (url: string) => url.replace(/\/+$/, "")

function toCallRecord(c: ConnectionCall): ConnectionCallRecord {
  return {
    call: c.call,
    endpoint: c.endpoint,
    outcome: c.status === "rejected" ? "wrong_credentials" : c.status === "ok" ? "ok" : c.status,
    ms: c.ms,
    ...(c.httpStatus !== undefined && { http_status: c.httpStatus }),
    ...(c.code !== undefined && { code: c.code }),
    ...(c.message !== undefined && { message: c.message }),
    ...(c.traceId !== undefined && { trace_id: c.traceId }),
  }
}

/**
 * Tries credentials against Platega: the settings in force, or values the admin has not saved
 * yet. A saved secret is only ever sent to the saved address: testing another base URL needs
 * the secret (and the payout key) typed in. Connects only to public addresses or loopback
 * (lib/platega/pinned-lookup.ts). Reads only; the caller keeps the outcome.
 */
export async function testConnection(
  access: PlategaAccess,
  overrides: ConnectionTestOverrides = {},
): Promise<ConnectionTestRecord> {
  let s: EffectiveSettings
  try {
    // Read now, not from the few seconds' cache: the admin tests what is saved at this moment.
    s = access.effective(await access.readRow())
  } catch (e) {
    if (e instanceof EncryptionKeyError) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, e.message)
    }
    throw e
  }
  const baseUrl = overrides.base_url ?? s.baseUrl
  const elsewhere = trimSlash(baseUrl) !== trimSlash(s.baseUrl)
  const merchantId = overrides.merchant_id ?? s.merchantId
  const secret = overrides.secret ?? (elsewhere ? undefined : s.secret)
  const payoutKey =
    overrides.payout_key === null
      ? undefined
      : (overrides.payout_key ?? (elsewhere ? undefined : s.payoutKey))
  if (!merchantId) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      "`merchant_id`: enter the merchant id to test the connection",
    )
  }
  if (!secret) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      elsewhere
        ? "`secret`: enter the secret to test another base URL (a saved secret is only sent to the saved address)"
        : "`secret`: enter the secret to test the connection",
    )
  }
  const client = new PlategaClient({
    baseUrl,
    merchantId,
    secret,
    payoutKey,
    hmacScheme: overrides.hmac_scheme ?? s.hmacScheme,
    signPathWithQuery: overrides.sign_path_with_query ?? s.signPathWithQuery,
    // A test answers quickly or not at all: the admin is waiting.
    timeoutMs: Math.min(s.timeoutMs, 10_000),
    // The address is the admin's to type: only where the export download may connect (public
    // addresses, resolved once and pinned), and loopback for a sandbox. Anywhere else nothing is
    // sent, and the answer is the same whatever listens there.
    pinned: { loopbackAllowed: true },
  })
  const result = await client.testConnection()
  return {
    at: new Date().toISOString(),
    ok: result.calls.every((c) => c.status === "ok"),
    source: Object.values(overrides).some((v) => v !== undefined) ? "form" : "saved",
    base_url: trimSlash(baseUrl),
    merchant_id: merchantId,
    latency_ms: result.latencyMs,
    calls: result.calls.map(toCallRecord),
  }
}
