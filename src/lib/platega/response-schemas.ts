import { z } from "zod"
import {
  Amount,
  CodeOrText,
  Decimal,
  Int,
  NonEmpty,
  OptCode,
  OptString,
  PayerAddress,
  SubscriptionStatusValue,
  Timestamp,
  Uuid,
} from "./schema-fields"

// What the Platega API answers, endpoint by endpoint in the order of the spec (schemas.ts says how
// tolerant they are).

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

/** POST /subscription/{id}/cancel: `cancelled` (documented) or `Cancelled` both read as "Cancelled". */
export const CancelSubscriptionResponseSchema = z.looseObject({
  subscriptionId: Uuid,
  status: SubscriptionStatusValue,
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

/**
 * GET /rates/payment_method_rate (legacy): the rate of a pair for a payment method. `paymentMethod`
 * as sent (a code; a name tolerated), `updatedAt` an ISO time, not reparsed.
 */
export const PaymentMethodRateSchema = z.looseObject({
  paymentMethod: OptCode,
  currencyFrom: NonEmpty,
  currencyTo: NonEmpty,
  rate: Decimal.refine((n) => n > 0, "expected a rate > 0"),
  updatedAt: Timestamp,
})
