import { createHash, timingSafeEqual } from "node:crypto"

/** Constant-time string equality (1 or 0); digests make unequal lengths safe to compare. */
export function safeEqual(a: string, b: string): number {
  const da = createHash("sha256").update(a, "utf8").digest()
  const db = createHash("sha256").update(b, "utf8").digest()
  return timingSafeEqual(da, db) ? 1 : 0
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
