// The merchant headers a callback carries (X-MerchantId, X-Secret): read from any header object
// and compared with the credentials in force in constant time. The same constant-time equality
// serves the other secrets the store compares (stored secrets, card fingerprints): one file, so
// the callback's check stays one file on the callback's path.
import { createHash, timingSafeEqual } from "node:crypto"

/** A header by its lower-case name, from Node's or any plain header object. */
export function headerValue(headers: Record<string, unknown>, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers ?? {})) {
    if (key.toLowerCase() !== name) continue
    const v = Array.isArray(value) ? value[0] : value
    return typeof v === "string" ? v : undefined
  }
  return undefined
}

/** The merchant's credentials a callback's headers must carry. */
export interface CallbackCredentials {
  merchantId: string
  secret: string
}

/**
 * Compares a callback's X-MerchantId/X-Secret with the credentials in force, in constant time.
 * Keeps the digests of the last credentials it was given (they change only with the settings).
 */
export class CallbackHeaderCheck {
  private kept?: CallbackCredentials & { merchantIdDigest: Buffer; secretDigest: Buffer }

  /** Whether the headers carry exactly `expected` (the merchant id in any case). */
  matches(headers: Record<string, unknown>, expected: CallbackCredentials): boolean {
    const merchantId = headerValue(headers, "x-merchantid")
    const secret = headerValue(headers, "x-secret")
    if (merchantId === undefined || secret === undefined) return false
    const digests = this.digestsOf(expected)
    // Both compared, always: the time taken does not tell which one was wrong.
    const ok =
      safeEqualDigest(merchantId.toLowerCase(), digests.merchantIdDigest) &
      safeEqualDigest(secret, digests.secretDigest)
    return ok === 1
  }

  private digestsOf(c: CallbackCredentials) {
    const kept = this.kept
    if (kept && kept.merchantId === c.merchantId && kept.secret === c.secret) return kept
    this.kept = {
      merchantId: c.merchantId,
      secret: c.secret,
      merchantIdDigest: digestOf(c.merchantId.toLowerCase()),
      secretDigest: digestOf(c.secret),
    }
    return this.kept
  }
}

/** The SHA-256 digest that safeEqual compares (of an expected value, it can be kept). */
export function digestOf(value: string): Buffer {
  return createHash("sha256").update(value, "utf8").digest()
}

/** Constant-time string equality (1 or 0); digests make unequal lengths safe to compare. */
export function safeEqual(a: string, b: string): number {
  return safeEqualDigest(a, digestOf(b))
}

/** safeEqual against the digest of the expected value (see digestOf). */
export function safeEqualDigest(given: string, expected: Buffer): number {
  return timingSafeEqual(digestOf(given), expected) ? 1 : 0
}
