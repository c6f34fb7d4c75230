import type { z } from "zod"
import type {
  BalanceSchema,
  CancelSubscriptionResponseSchema,
  CancelSupportedSchema,
  CancelTransactionResponseSchema,
  CardPayoutRequestSchema,
  CardPayoutResponseSchema,
  CardSchema,
  CreatePaymentLinkRequestSchema,
  CreatePaymentLinkResponseSchema,
  CreateSubscriptionRequestSchema,
  CreateSubscriptionResponseSchema,
  CreateTransactionRequestSchema,
  CreateTransactionResponseSchema,
  ExportFileSchema,
  ExportRecordSchema,
  ExportRequestSchema,
  ExportRowSchema,
  GetRateRequestSchema,
  H2hQrSchema,
  ListCardsRequestSchema,
  ListSubscriptionsRequestSchema,
  PaymentMethodRateSchema,
  SubscriptionChargeCallbackSchema,
  SubscriptionListItemSchema,
  SubscriptionListSchema,
  SubscriptionSchema,
  SubscriptionStatusCallbackSchema,
  TransactionCallbackSchema,
  TransactionStatusSchema,
} from "./schemas"

export interface PlategaLogger {
  debug(msg: string, meta?: object): void
  info(msg: string, meta?: object): void
  warn(msg: string, meta?: object): void
  error(msg: string, meta?: object): void
  /**
   * Optional (Medusa's logger has it): false for a level the logger drops, so the client skips
   * building and redacting lines nobody reads. Absent: every line is built.
   */
  shouldLog?(level: string): boolean
}

export interface PlategaRetryOptions {
  /** Extra attempts for idempotent calls. Default 3. */
  retries?: number
  /** First backoff step. Default 200 ms. */
  baseDelayMs?: number
  /** Cap of one backoff step. Default 5000 ms. */
  maxDelayMs?: number
}

export interface PlategaClientOptions {
  /** Default https://app.platega.io */
  baseUrl?: string
  /** Merchant uuid: X-MerchantId, and kid in signed requests. */
  merchantId: string
  /** Merchant API secret: X-Secret. */
  secret: string
  /** Payout API key for the signed endpoints (cards, payouts). Not the X-Secret. */
  payoutKey?: string
  /** Scheme word of the Authorization header. Default "PG-HMAC"; "PAY-HMAC" as merchant-api.md writes it. */
  hmacScheme?: string
  /** Sign "path?query" instead of the bare path. Default false. */
  signPathWithQuery?: boolean
  /** Deadline per attempt. Default 15000 ms. */
  timeoutMs?: number
  retry?: PlategaRetryOptions
  logger?: PlategaLogger
  userAgent?: string
  /**
   * Connect only to public addresses of the base URL's host, resolved once and pinned (loopback
   * too when `loopbackAllowed`, for a sandbox): for a base URL someone typed and is trying.
   */
  pinned?: { loopbackAllowed: boolean }
}

// Requests (what callers pass). Amounts are JSON numbers in major units, already rounded by the
// caller to the currency's minor unit (2 decimals); the client refuses more decimals.
export type CreateTransactionInput = z.input<typeof CreateTransactionRequestSchema>
export type CreatePaymentLinkInput = z.input<typeof CreatePaymentLinkRequestSchema>
export type CreateSubscriptionInput = z.input<typeof CreateSubscriptionRequestSchema>
export type ExportTransactionsInput = z.input<typeof ExportRequestSchema>
export type ListSubscriptionsInput = z.input<typeof ListSubscriptionsRequestSchema>
export type ListCardsInput = z.input<typeof ListCardsRequestSchema>
export type CardPayoutInput = z.input<typeof CardPayoutRequestSchema>
export type GetRateInput = z.input<typeof GetRateRequestSchema>

// Responses (what the client returns; unknown fields are kept).
export type CreateTransactionResult = z.output<typeof CreateTransactionResponseSchema>
export type CreateSubscriptionResult = z.output<typeof CreateSubscriptionResponseSchema>
export type CreatePaymentLinkResult = z.output<typeof CreatePaymentLinkResponseSchema>
export type TransactionStatus = z.output<typeof TransactionStatusSchema>
export type CancelSupported = z.output<typeof CancelSupportedSchema>
export type CancelTransactionResult = z.output<typeof CancelTransactionResponseSchema>
export type ExportRecord = z.output<typeof ExportRecordSchema>
/** A record of the streamed JSON export: every column a string, the amount as exact decimal text. */
export type ExportRow = z.output<typeof ExportRowSchema>
export type ExportFile = z.output<typeof ExportFileSchema>
export type Subscription = z.output<typeof SubscriptionSchema>
export type SubscriptionListItem = z.output<typeof SubscriptionListItemSchema>
export type SubscriptionList = z.output<typeof SubscriptionListSchema>
export type CancelSubscriptionResult = z.output<typeof CancelSubscriptionResponseSchema>
export type SavedCard = z.output<typeof CardSchema>
export type CardPayoutResult = z.output<typeof CardPayoutResponseSchema>
export type Balance = z.output<typeof BalanceSchema>
export type H2hQr = z.output<typeof H2hQrSchema>
export type PaymentMethodRate = z.output<typeof PaymentMethodRateSchema>

// Callbacks
export type TransactionCallback = z.output<typeof TransactionCallbackSchema>
export type SubscriptionChargeCallback = z.output<typeof SubscriptionChargeCallbackSchema>
export type SubscriptionStatusCallback = z.output<typeof SubscriptionStatusCallbackSchema>

export type PlategaCallback =
  | { kind: "probe" }
  | (TransactionCallback & { kind: "transaction" })
  | (SubscriptionChargeCallback & { kind: "subscription_charge" })
  | (SubscriptionStatusCallback & { kind: "subscription_status" })

export type ConnectionStatus = "ok" | "rejected" | "unreachable"

/** One call of a connection test, with its own outcome and time. */
export interface ConnectionCall {
  /** merchant: X-MerchantId/X-Secret (GET /balance/all); payout_key: a PG-HMAC signed read. */
  call: "merchant" | "payout_key"
  endpoint: string
  status: ConnectionStatus | "skipped"
  ms: number
  /** Safe summary of the failure (never a secret), when not ok. */
  message?: string
  httpStatus?: number
  code?: string
  traceId?: string
}

export interface TestConnectionResult {
  /** ok: credentials accepted; rejected: 401/403; unreachable: no usable answer from baseUrl. */
  status: ConnectionStatus
  /** Outcome of a signed read (GET /api/v1/cards) when a payout key is configured. */
  payoutKey: ConnectionStatus | "not_configured" | "skipped"
  latencyMs: number
  /** Safe summary of the failure, when not ok. */
  message?: string
  httpStatus?: number
  code?: string
  traceId?: string
  /** Every call made, in order. */
  calls: ConnectionCall[]
}
