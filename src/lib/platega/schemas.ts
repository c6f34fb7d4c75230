// Over 300 lines on purpose: every request, response and callback schema of the Platega API in one
// file, in the order of the spec, so the file can be read against the spec side by side.
import { z } from "zod"
import { hasAtMostTwoDecimals, parseDecimal, roundToMinorUnit } from "./amount"
import {
  EXPORT_STATUS_CODES,
  PAYMENT_METHODS,
  PAYOUT_AMOUNT_RUB,
  SUBSCRIPTION_METHOD_CODE,
  exportStatusCode,
  intervalUnit,
  paymentMethodCode,
} from "./codes"
import { isPayerAddress } from "./hosts"

/**
 * Responses and callbacks: tolerant of unknown fields (loose objects keep them) and of unknown enum
 * values (statuses are plain non-empty strings; codes.ts classifies them), strict about what the
 * plugin relies on (ids, amounts, statuses). Field names exactly as the service spells them.
 *
 * Requests: strict. Unknown keys are dropped, so only documented fields are ever sent.
 */

// ---------------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------------

/** 8-4-4-4-12 hex. Lenient about version/variant bits (test ids such as 0000…-4466… are valid). */
export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const Uuid = z.string().regex(UUID_RE, "expected a uuid")
const NonEmpty = z.string().trim().min(1, "expected a non-empty string")
const OptString = z.string().nullish()
/**
 * An address for the payer (a payment's `redirect`, a link's `url`): handed to the storefront and
 * shown as a link in the admin, so https only (http only on loopback, the sandbox).
 */
const PayerAddress = NonEmpty.refine(
  isPayerAddress,
  "expected an https address (http only on loopback)",
)
/** A timestamp as the service sends it; not reparsed (formats differ between endpoints). */
const Timestamp = z.string().nullish()

/** JSON number or numeric string ("1500.0000000000000000") → finite number. */
export const Decimal = z
  .custom<number | string>(
    (v) => parseDecimal(v) !== undefined,
    "expected a finite number or numeric string",
  )
  .transform((v) => parseDecimal(v) as number)

/** Money amount from the service: finite, ≥ 0, number or numeric string, any precision. */
export const Amount = Decimal.refine((n) => n >= 0, "expected an amount ≥ 0")

const Int = z.number().int()
/** Integer codes that some variants send as strings ("3"). */
const IntLike = z.union([Int, z.string().regex(/^\d+$/).transform(Number)])
/** A code the service may send as integer or as text (list vs single read). */
const CodeOrText = z.union([Int, NonEmpty])
/** A code Platega sends as its number or its name, or not at all. */
const OptCode = z.union([z.string(), Int]).nullish()

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

/** POST /transaction/process, methods 2/11 (and other one-off codes). */
export const CreateTransactionResponseSchema = z.looseObject({
  transactionId: Uuid,
  redirect: PayerAddress,
  status: NonEmpty,
  paymentMethod: OptCode,
  return: OptString,
  paymentDetails: z.unknown().optional(),
  expiresIn: OptString,
  merchantId: OptString,
  usdtRate: Decimal.nullish(),
})

/** POST /transaction/process, method 6. transactionId is the subscription id. */
export const CreateSubscriptionResponseSchema = z.looseObject({
  transactionId: Uuid,
  redirect: PayerAddress,
  status: NonEmpty,
  paymentMethod: OptCode,
  merchantId: OptString,
})

/** POST /v2/transaction/process: `url` and `rate` instead of `redirect` and `usdtRate`. */
export const CreatePaymentLinkResponseSchema = z.looseObject({
  transactionId: Uuid,
  url: PayerAddress,
  rate: Decimal.nullish(),
  status: z.string().nullish(),
  return: OptString,
  expiresIn: OptString,
  merchantId: OptString,
})

/** GET /transaction/{id}. Note the service's spellings `mechantId`, `comission`. */
export const TransactionStatusSchema = z.looseObject({
  id: Uuid,
  status: NonEmpty,
  paymentDetails: z.looseObject({ amount: Amount, currency: NonEmpty }),
  merchantName: OptString,
  mechantId: OptString,
  comission: Decimal.nullish(),
  paymentMethod: OptCode,
  expiresIn: OptString,
  return: OptString,
  comissionUsdt: Decimal.nullish(),
  amountUsdt: Decimal.nullish(),
  qr: OptString,
  payformSuccessUrl: OptString,
  payload: OptString,
  comissionType: Int.nullish(),
  externalId: OptString,
  description: OptString,
  refundStatus: OptCode,
  refundStatusMessage: OptString,
  createdAt: Timestamp,
})

/** GET /transaction/{id}/cancel-supported */
export const CancelSupportedSchema = z.looseObject({
  supported: z.boolean(),
  totalDeductUsdt: Decimal.nullish(),
  penaltyUsdt: Decimal.nullish(),
  penaltyNativeAmount: Decimal.nullish(),
  penaltyNativeCurrency: OptString,
  penaltyConversionRate: Decimal.nullish(),
  blockReason: OptString,
})

/** POST /transaction/{id}/cancel — `accepted: false` + manual control is a normal outcome. */
export const CancelTransactionResponseSchema = z.looseObject({
  transactionId: Uuid,
  accepted: z.boolean(),
  manualControlRequired: z.boolean().nullish(),
  message: OptString,
})

/** Element of POST /transaction/export/json */
export const ExportRecordSchema = z.looseObject({
  recordId: Uuid,
  createdAt: NonEmpty,
  amount: Amount,
  currencyCode: NonEmpty,
  status: NonEmpty,
  paymentMethod: OptCode,
  description: OptString,
  payload: OptString,
})
export const ExportRecordsSchema = z.array(ExportRecordSchema)

/** A JSON number ≥ 0 as its text (the streamed export keeps numbers as text). */
export const DECIMAL_TEXT_RE = /^\d+(\.\d+)?([eE][+-]?\d+)?$/
const DecimalText = z.string().trim().regex(DECIMAL_TEXT_RE, "expected a decimal amount ≥ 0")
const TextOrEmpty = z.union([z.string(), z.null(), z.undefined()]).transform((v) => v ?? "")

/**
 * Element of the streamed JSON export: exactly the export columns, amount as the exact decimal
 * text the service sent, missing texts as "". Unknown fields are dropped (the columns are fixed).
 */
export const ExportRowSchema = z.object({
  recordId: Uuid,
  createdAt: NonEmpty,
  amount: DecimalText,
  currencyCode: NonEmpty,
  status: NonEmpty,
  paymentMethod: TextOrEmpty,
  description: TextOrEmpty,
  payload: TextOrEmpty,
})

/** POST /transaction/export/csv | /excel */
export const ExportFileSchema = z.looseObject({ url: NonEmpty })

const ChargeMetricsSchema = z.looseObject({
  chargesTotal: Int.nullish(),
  chargesSuccess: Int.nullish(),
  chargesFailed: Int.nullish(),
  totalAmount: Amount.nullish(),
  lastChargeAt: Timestamp,
  nextChargeAt: Timestamp,
})

/** What the single read and the list say alike of a subscription. */
const subscriptionFields = {
  id: Uuid,
  status: CodeOrText,
  amount: Amount,
  currencyCode: NonEmpty,
  intervalUnit: CodeOrText,
  intervalCount: Int,
  nextChargeAt: Timestamp,
  lastChargeAt: Timestamp,
  description: OptString,
  createdAt: Timestamp,
  customerEmail: OptString,
}

/** GET /subscription/{id}: status and intervalUnit as text ("Active", "Month"). */
export const SubscriptionSchema = z.looseObject({
  ...subscriptionFields,
  startAt: Timestamp,
  chargeMetrics: ChargeMetricsSchema.nullish(),
})

/** Item of GET /subscription: status and intervalUnit as integers (mapping: codes.ts). */
export const SubscriptionListItemSchema = z.looseObject({
  ...subscriptionFields,
  chargesCount: Int.nullish(),
})

export const SubscriptionListSchema = z.looseObject({
  items: z.array(SubscriptionListItemSchema),
  total: Int.nonnegative(),
  page: Int.nonnegative(),
  size: Int.nonnegative(),
})

/** POST /subscription/{id}/cancel */
export const CancelSubscriptionResponseSchema = z.looseObject({
  subscriptionId: Uuid,
  status: CodeOrText,
})

/** Item of GET /api/v1/cards */
export const CardSchema = z.looseObject({
  cardId: Uuid,
  masked: z.string(),
  last4: z.string(),
  brand: OptString,
  label: OptString,
  status: NonEmpty,
})
export const CardsSchema = z.array(CardSchema)

/** POST /api/v1/payouts/card-rub */
export const CardPayoutResponseSchema = z.looseObject({
  withdrawalRecordId: NonEmpty,
  status: NonEmpty,
  cardMasked: OptString,
  amountUsdtDebited: Decimal.nullish(),
})

/** Item of GET /balance/all */
export const BalanceSchema = z.looseObject({
  amount: Amount,
  currency: NonEmpty,
  frozenBalance: Decimal.nullish(),
})
export const BalancesSchema = z.array(BalanceSchema)

/** GET /h2h/{id} */
export const H2hQrSchema = z.looseObject({ amount: Amount, qr: NonEmpty })

// ---------------------------------------------------------------------------------------------
// Callbacks (all three kinds arrive at the one callback URL)
// ---------------------------------------------------------------------------------------------

/** CallbackPayload, camelCase. paymentMethod may be null; amount may carry 16 decimals. */
export const TransactionCallbackSchema = z.looseObject({
  id: Uuid,
  amount: Amount,
  currency: NonEmpty,
  status: NonEmpty,
  paymentMethod: OptCode,
  payload: OptString,
})

/** Subscription charge, PascalCase; Id is the new charge transaction, SubscriptionId the subscription. */
export const SubscriptionChargeCallbackSchema = z.looseObject({
  Id: Uuid,
  Amount: Amount,
  Currency: NonEmpty,
  Status: NonEmpty,
  PaymentMethod: z.union([Int, z.string()]).nullish(),
  Payload: OptString,
  SubscriptionId: Uuid,
  NextChargeAt: Timestamp,
})

/** CallbackSubscriptionStatus, PascalCase, Id == SubscriptionId, Status SUBSCRIPTION_*. */
export const SubscriptionStatusCallbackSchema = z.looseObject({
  Id: Uuid,
  Status: NonEmpty,
  SubscriptionId: Uuid.nullish(),
  Amount: Amount.nullish(),
  Currency: OptString,
  PaymentMethod: z.union([Int, z.string()]).nullish(),
  Payload: OptString,
  NextChargeAt: Timestamp,
})

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

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

const HttpUrl = z
  .string()
  .trim()
  .refine((s) => {
    try {
      const u = new URL(s)
      return u.protocol === "https:" || u.protocol === "http:"
    } catch {
      return false
    }
  }, "expected an http(s) URL")

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
