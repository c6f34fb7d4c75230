import { z } from "zod"
import { hasAtMostTwoDecimals, roundToMinorUnit } from "./money"
import {
  EXPORT_STATUS_CODES,
  PAYMENT_METHODS,
  PAYOUT_AMOUNT_RUB,
  SUBSCRIPTION_METHOD_CODE,
  exportStatusCode,
  intervalUnit,
  paymentMethodCode,
} from "./codes"
import { checkReturnUrl } from "./return-url"
import { Int, IntLike, NonEmpty, Uuid } from "./schema-fields"

// What the plugin sends to the Platega API, endpoint by endpoint (strict: unknown keys are dropped).

/** Caller-rounded amount: finite, > 0, at most 2 decimals; binary noise is removed on the wire. */
export const RequestAmount = z
  .number()
  .refine((n) => n > 0, "must be > 0")
  .refine(hasAtMostTwoDecimals, "must have at most 2 decimals (round to the minor unit first)")
  .transform(roundToMinorUnit)

const Currency = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3,10}$/, "expected a currency code such as RUB")
  .transform((s) => s.toUpperCase())

/** A return address goes to Platega as its parsed, normalised form only (see return-url.ts). */
const HttpUrl = z
  .string()
  .trim()
  .transform((s, ctx) => {
    const check = checkReturnUrl(s)
    if (check.ok) return check.url.href
    ctx.addIssue({ code: "custom", message: check.problem })
    return z.NEVER
  })

const PaymentBody = {
  paymentDetails: z.object({ amount: RequestAmount, currency: Currency }),
  description: z.string().trim().min(1),
  return: HttpUrl,
  failedUrl: HttpUrl,
  payload: z.string().optional(),
  orderId: z.string().optional(),
  metadata: z.object({ userId: z.string().optional(), userName: z.string().optional() }).optional(),
}

/** POST /transaction/process for a one-off payment (any method code but 6). */
export const CreateTransactionRequestSchema = z.object({
  paymentMethod: Int.positive().refine(
    (c) => c !== SUBSCRIPTION_METHOD_CODE,
    "method 6 creates subscriptions: use createSubscription",
  ),
  ...PaymentBody,
})

/** POST /v2/transaction/process: the same body without paymentMethod. */
export const CreatePaymentLinkRequestSchema = z.object(PaymentBody)

/** POST /transaction/process with method 6: only these fields are sent. */
export const CreateSubscriptionRequestSchema = z
  .object({
    paymentDetails: z.object({
      amount: RequestAmount,
      currency: Currency,
      /** 1 Day, 2 Week, 3 Month, 4 Year; "3" and "Month" are accepted too, an integer is sent. */
      interval: z.union([Int, z.string()]).transform((v, ctx) => {
        const unit = intervalUnit(v)
        if (!unit) {
          ctx.addIssue({ code: "custom", message: "expected 1..4 (Day, Week, Month, Year)" })
          return z.NEVER
        }
        return unit.code
      }),
      intervalCount: Int.positive(),
    }),
    description: z.string().trim().min(1),
    /** Merchant free text Platega keeps on the subscription and repeats on every charge. */
    payload: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    const unit = intervalUnit(v.paymentDetails.interval)
    if (unit && v.paymentDetails.intervalCount > unit.maxCount) {
      ctx.addIssue({
        code: "custom",
        path: ["paymentDetails", "intervalCount"],
        message: `at most ${unit.maxCount} for interval ${unit.name}`,
      })
    }
  })

const DateLike = z
  .union([z.date(), NonEmpty])
  .transform((v) => (v instanceof Date ? v.toISOString() : v))

const ALL_EXPORT_STATUSES = Object.values(EXPORT_STATUS_CODES).map(String)
const ALL_METHODS = Object.values(PAYMENT_METHODS).map((m) => String(m.code))

/**
 * Export filter. `statuses` take names (PENDING, CANCELED, CONFIRMED, CHARGEBACKED) or codes;
 * `paymentMethods` take codes or response names. Both are sent as strings of numeric codes and
 * default to every known value. `timeZoneId` defaults to Europe/Moscow.
 */
export const ExportRequestSchema = z.object({
  from: DateLike,
  to: DateLike,
  statuses: z
    .array(
      z.union([Int, z.string()]).transform((v, ctx) => {
        const code = exportStatusCode(v)
        if (code === undefined) {
          ctx.addIssue({ code: "custom", message: "unknown export status" })
          return z.NEVER
        }
        return String(code)
      }),
    )
    .default(ALL_EXPORT_STATUSES),
  paymentMethods: z
    .array(
      z.union([Int, z.string()]).transform((v, ctx) => {
        const code = typeof v === "number" ? v : /^\d+$/.test(v) ? Number(v) : paymentMethodCode(v)
        if (code === undefined) {
          ctx.addIssue({ code: "custom", message: "unknown payment method" })
          return z.NEVER
        }
        return String(code)
      }),
    )
    .default(ALL_METHODS),
  timeZoneId: z.string().trim().min(1).default("Europe/Moscow"),
})

/** GET /subscription query. `status` is the integer code (see codes.ts: the mapping is a guess). */
export const ListSubscriptionsRequestSchema = z.object({
  status: IntLike.optional(),
  from: DateLike.optional(),
  to: DateLike.optional(),
  page: IntLike.pipe(z.number().nonnegative()).optional(),
  size: IntLike.pipe(z.number().positive()).optional(),
})

/** Header-safe token: it is also one line of the string to sign. */
const IdempotencyKey = z
  .string()
  .regex(/^[\x21-\x7e]{1,255}$/, "expected 1..255 printable ASCII characters without spaces")

/** POST /api/v1/payouts/card-rub. Exactly one of cardId / cardNumber. */
export const CardPayoutRequestSchema = z
  .object({
    cardId: Uuid.optional(),
    cardNumber: z
      .string()
      .transform((s) => s.replace(/[\s-]/g, ""))
      .pipe(z.string().regex(/^\d{13,19}$/, "expected 13..19 digits"))
      .optional(),
    amountRub: z
      .number()
      .refine(
        (n) => n >= PAYOUT_AMOUNT_RUB.min && n <= PAYOUT_AMOUNT_RUB.max,
        `must be between ${PAYOUT_AMOUNT_RUB.min} and ${PAYOUT_AMOUNT_RUB.max}`,
      )
      .refine(hasAtMostTwoDecimals, "must have at most 2 decimals")
      .transform(roundToMinorUnit),
    idempotencyKey: IdempotencyKey,
  })
  .refine((v) => (v.cardId === undefined) !== (v.cardNumber === undefined), {
    message: "exactly one of cardId or cardNumber is required",
    path: ["cardId"],
  })

export const ListCardsRequestSchema = z.object({ onlyActive: z.boolean().optional() })

/**
 * GET /rates/payment_method_rate query (without merchantId, which the client adds): a payment
 * method by code or name ("SBPQR", 2) and a currency pair.
 */
export const GetRateRequestSchema = z.object({
  paymentMethod: z.union([Int, z.string()]).transform((v, ctx) => {
    const code = paymentMethodCode(v)
    if (code === undefined) {
      ctx.addIssue({ code: "custom", message: "unknown payment method" })
      return z.NEVER
    }
    return code
  }),
  currencyFrom: Currency,
  currencyTo: Currency,
})
