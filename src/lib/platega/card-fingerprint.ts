import { createHmac } from "node:crypto"
import { normalizeCardNumber } from "./card-number"

/**
 * HMAC-SHA256 of the digits under a secret of the store: recognises the same number typed again
 * without storing it (an unkeyed hash of a card number can be reversed by trying the few million
 * numbers that share its mask).
 */
export function cardFingerprint(input: string, key: string): string {
  return createHmac("sha256", key)
    .update(`platega-card:${normalizeCardNumber(input)}`)
    .digest("hex")
}
