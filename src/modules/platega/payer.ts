import { createHmac } from "node:crypto"

/**
 * Platega's `metadata.userId`: a stable id of the payer, which its anti-fraud checks require for
 * some merchants. A shopper with an account is their customer id; a guest is a keyed hash of
 * their e-mail, so the same guest gets the same id every time while Platega never learns the
 * address (nor can it be guessed from the id without the store's key: a random key of the
 * plugin's own, see units/payer-key.ts, never a configured secret that may be a known default).
 */
export function guestPayerId(email: string, key: string): string {
  const digest = createHmac("sha256", key)
    .update(`platega-payer-id\n${email.trim().toLowerCase()}`)
    .digest("hex")
  return `guest_${digest.slice(0, 32)}`
}

/** `metadata.userName` when the shopper gave no name: Platega's schema needs one with userId. */
export const UNNAMED_PAYER = "Покупатель"
