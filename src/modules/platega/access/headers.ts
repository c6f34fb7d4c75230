import { createHash, timingSafeEqual } from "node:crypto"

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

/** A header by its lower-case name, from Node's or any plain header object. */
export function headerValue(headers: Record<string, unknown>, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers ?? {})) {
    if (key.toLowerCase() !== name) continue
    const v = Array.isArray(value) ? value[0] : value
    return typeof v === "string" ? v : undefined
  }
  return undefined
}
