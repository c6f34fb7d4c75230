/**
 * Typed card numbers (payouts to a card that is not saved at Platega). A number is only ever kept
 * as its mask (first 6, last 4) and, to recognise it again when an unknown payout is re-checked,
 * as a keyed fingerprint (card-fingerprint.ts): never in full. No Node imports: the admin's
 * payout form runs the same checks in the browser.
 */

/** Ruble cards (MIR, Visa, Mastercard) have 16 to 19 digits. */
export const CARD_NUMBER_DIGITS = { min: 16, max: 19 } as const

/** Spaces and dashes a person types between digit groups are dropped; anything else stays. */
export function normalizeCardNumber(input: string): string {
  return input.replace(/[\s-]/g, "")
}

/** The Luhn (mod 10) check digit test every payment card number passes. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

/** Whether `input`, once normalized, is 16..19 digits that pass Luhn. */
export function isValidCardNumber(input: string): boolean {
  const digits = normalizeCardNumber(input)
  return (
    digits.length >= CARD_NUMBER_DIGITS.min &&
    digits.length <= CARD_NUMBER_DIGITS.max &&
    luhnValid(digits)
  )
}

/** "2200000000000004" → "220000******0004": the first 6 and the last 4 digits, as PCI DSS allows. */
export function maskCardNumber(input: string): string {
  const digits = normalizeCardNumber(input)
  if (!/^\d{11,}$/.test(digits)) throw new Error("not a card number")
  return `${digits.slice(0, 6)}${"*".repeat(digits.length - 10)}${digits.slice(-4)}`
}
