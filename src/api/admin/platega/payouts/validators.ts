import { z } from "zod"
import {
  CARD_NUMBER_DIGITS,
  isValidCardNumber,
  normalizeCardNumber,
  PAYOUT_AMOUNT_RUB,
} from "../../../../lib/platega"
import { PAYOUT_STATUSES } from "../../../../modules/platega"
import { pageParams } from "../list-query"

// Validators of the money area (balances, saved cards, payouts). Messages never echo the input:
// it may be a card number.

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const rubles = `${PAYOUT_AMOUNT_RUB.min}–${PAYOUT_AMOUNT_RUB.max} RUB`

/**
 * A typed card number: spaces and dashes allowed, 16..19 digits that pass the Luhn check. Every
 * check is a custom one, so Medusa's error message never quotes the value (for a wrong type it
 * would: "got: '<value>'").
 */
const CardNumber = z
  .custom<string>((v) => typeof v === "string", "card_number must be a string of digits")
  .transform(normalizeCardNumber)
  .refine(
    (s) =>
      /^\d+$/.test(s) && s.length >= CARD_NUMBER_DIGITS.min && s.length <= CARD_NUMBER_DIGITS.max,
    `card_number must have ${CARD_NUMBER_DIGITS.min} to ${CARD_NUMBER_DIGITS.max} digits`,
  )
  .refine(isValidCardNumber, "card_number is not a valid card number (Luhn check failed)")

/** Whole rubles within Platega's limits for one payout. */
const PayoutAmount = z
  .custom<number>(
    (v) => typeof v === "number" && Number.isFinite(v),
    `amount must be a number of rubles (${rubles})`,
  )
  .refine(Number.isInteger, `amount must be whole rubles (${rubles}), without kopecks`)
  .refine((n) => n >= PAYOUT_AMOUNT_RUB.min, `amount must be at least ${PAYOUT_AMOUNT_RUB.min} RUB`)
  .refine((n) => n <= PAYOUT_AMOUNT_RUB.max, `amount must be at most ${PAYOUT_AMOUNT_RUB.max} RUB`)

export const AdminCreatePlategaPayout = z
  .strictObject({
    amount: PayoutAmount,
    card_id: z
      .custom<string>(
        (v) => typeof v === "string" && UUID_RE.test(v),
        "card_id must be a saved card's id (a uuid)",
      )
      .optional(),
    card_number: CardNumber.optional(),
  })
  .refine((v) => (v.card_id === undefined) !== (v.card_number === undefined), {
    message: "give exactly one of card_id (a saved card) or card_number (a typed card number)",
    path: ["card_id"],
  })
export type AdminCreatePlategaPayoutType = z.infer<typeof AdminCreatePlategaPayout>

export const AdminRecheckPlategaPayout = z.strictObject({ card_number: CardNumber.optional() })
export type AdminRecheckPlategaPayoutType = z.infer<typeof AdminRecheckPlategaPayout>

/** The Idempotency-Key header: as Platega takes it, 1..255 printable ASCII characters. */
export const IdempotencyKeyHeader = z
  .string({ error: "the Idempotency-Key header is required: one new key per payout" })
  .regex(
    /^[\x21-\x7e]{1,255}$/,
    "the Idempotency-Key header must be 1 to 255 printable ASCII characters without spaces",
  )

const flag = z.enum(["true", "false"]).transform((v) => v === "true")

export const AdminGetPlategaCards = z.strictObject({ only_active: flag.optional() })
export type AdminGetPlategaCardsType = z.infer<typeof AdminGetPlategaCards>

export const AdminGetPlategaPayouts = z.strictObject({
  ...pageParams,
  status: z.enum(PAYOUT_STATUSES).optional(),
})
export type AdminGetPlategaPayoutsType = z.infer<typeof AdminGetPlategaPayouts>
