/**
 * Every Platega code table, once. Sources: merchant-api.md and platega-facts.md.
 * The service adds values without notice: every lookup tolerates unknown input and hands the raw
 * value back instead of throwing.
 */

// ---------------------------------------------------------------------------------------------
// Payment methods: the request sends an integer, responses answer a string name.
// ---------------------------------------------------------------------------------------------

export const PAYMENT_METHODS = {
  SBP_QR: { code: 2, name: "SBPQR" },
  ERIP: { code: 3, name: "ERIP" },
  SUBSCRIPTION: { code: 6, name: "Subscription" },
  CARD_ACQUIRING: { code: 11, name: "CardAcquiring" },
  INTERNATIONAL: { code: 12, name: "InternationalAcquiring" },
  CRYPTO: { code: 13, name: "Crypto" },
  SBERPAY: { code: 14, name: "SberPay" },
} as const

/** Names the service is known to answer (SBPQR, Subscription); the others are our best reading. */
export type PaymentMethodKey = keyof typeof PAYMENT_METHODS
export type PaymentMethodCode = (typeof PAYMENT_METHODS)[PaymentMethodKey]["code"]
export type PaymentMethodName = (typeof PAYMENT_METHODS)[PaymentMethodKey]["name"]

/** Method 6 only creates subscriptions; every other code is a one-off payment. */
export const SUBSCRIPTION_METHOD_CODE = PAYMENT_METHODS.SUBSCRIPTION.code
export type OneOffPaymentMethodCode = Exclude<PaymentMethodCode, typeof SUBSCRIPTION_METHOD_CODE>

const methodByCode = new Map<number, PaymentMethodName>(
  Object.values(PAYMENT_METHODS).map((m) => [m.code, m.name]),
)
const methodByName = new Map<string, PaymentMethodCode>(
  Object.values(PAYMENT_METHODS).map((m) => [m.name.toLowerCase(), m.code]),
)

/** Response name for a request code; undefined when the code is not in the table. */
export function paymentMethodName(code: number): PaymentMethodName | undefined {
  return methodByCode.get(code)
}

/** Request code for a response name (case-insensitive; also accepts "2" or 2); undefined if unknown. */
export function paymentMethodCode(nameOrCode: string | number): PaymentMethodCode | undefined {
  if (typeof nameOrCode === "number" || /^\d+$/.test(nameOrCode)) {
    const code = Number(nameOrCode)
    return methodByCode.has(code) ? (code as PaymentMethodCode) : undefined
  }
  return methodByName.get(nameOrCode.toLowerCase())
}

// ---------------------------------------------------------------------------------------------
// Transaction statuses
// ---------------------------------------------------------------------------------------------

/**
 * `outcome` groups the values the way a shop needs them:
 * pending → wait; confirmed → money received; canceled → nothing received;
 * reversed → money returned after being received (chargeback, refund).
 * `documented: false` marks values only older material or one client lists: tolerated, not relied on.
 */
export const TRANSACTION_STATUSES = {
  PENDING: { outcome: "pending", final: false, documented: true },
  CONFIRMED: { outcome: "confirmed", final: true, documented: true },
  CANCELED: { outcome: "canceled", final: true, documented: true },
  CHARGEBACKED: { outcome: "reversed", final: true, documented: true },
  EXPIRED: { outcome: "canceled", final: true, documented: false },
  FAILED: { outcome: "canceled", final: true, documented: false },
  CREATED: { outcome: "pending", final: false, documented: false },
  INPROGRESS: { outcome: "pending", final: false, documented: false },
  REFUNDED: { outcome: "reversed", final: true, documented: false },
} as const

export type KnownTransactionStatus = keyof typeof TRANSACTION_STATUSES
export type TransactionOutcome =
  (typeof TRANSACTION_STATUSES)[KnownTransactionStatus]["outcome"] | "unknown"

function lookupStatus(
  status: string,
): (typeof TRANSACTION_STATUSES)[KnownTransactionStatus] | undefined {
  const key = status.trim().toUpperCase()
  return Object.hasOwn(TRANSACTION_STATUSES, key)
    ? TRANSACTION_STATUSES[key as KnownTransactionStatus]
    : undefined
}

export function isKnownTransactionStatus(status: string): boolean {
  return lookupStatus(status) !== undefined
}

/**
 * True when the payer can no longer change the outcome. Unknown values are NOT final.
 * Note: CONFIRMED is final for the payment, yet may later be followed by CHARGEBACKED.
 */
export function isFinalStatus(status: string): boolean {
  return lookupStatus(status)?.final ?? false
}

/** pending | confirmed | canceled | reversed, or "unknown" for a value not in the table. */
export function classifyTransactionStatus(status: string): TransactionOutcome {
  return lookupStatus(status)?.outcome ?? "unknown"
}

// ---------------------------------------------------------------------------------------------
// Export filter status codes (confirmed by the service's support). Sent as strings.
// ---------------------------------------------------------------------------------------------

export const EXPORT_STATUS_CODES = {
  PENDING: 1,
  CANCELED: 6,
  CONFIRMED: 7,
  CHARGEBACKED: 9,
} as const

export type ExportStatusName = keyof typeof EXPORT_STATUS_CODES

/** Code for a status name (case-insensitive) or a numeric code passed through; undefined if unknown name. */
export function exportStatusCode(status: ExportStatusName | string | number): number | undefined {
  if (typeof status === "number") return Number.isInteger(status) ? status : undefined
  if (/^\d+$/.test(status)) return Number(status)
  const key = status.trim().toUpperCase()
  return Object.hasOwn(EXPORT_STATUS_CODES, key)
    ? EXPORT_STATUS_CODES[key as ExportStatusName]
    : undefined
}

// ---------------------------------------------------------------------------------------------
// Subscription interval units (paymentDetails.interval; list items' intervalUnit)
// ---------------------------------------------------------------------------------------------

export const INTERVAL_UNITS = {
  Day: { code: 1, maxCount: 31 },
  Week: { code: 2, maxCount: 4 },
  Month: { code: 3, maxCount: 12 },
  Year: { code: 4, maxCount: 3 },
} as const

export type IntervalUnitName = keyof typeof INTERVAL_UNITS
export type IntervalUnitCode = (typeof INTERVAL_UNITS)[IntervalUnitName]["code"]

const unitEntries = Object.entries(INTERVAL_UNITS) as [
  IntervalUnitName,
  (typeof INTERVAL_UNITS)[IntervalUnitName],
][]

/** Accepts 3, "3" or "Month" (the service uses all three forms); undefined if unknown. */
export function intervalUnit(
  value: string | number,
): { name: IntervalUnitName; code: IntervalUnitCode; maxCount: number } | undefined {
  const s = String(value).trim()
  const hit = /^\d+$/.test(s)
    ? unitEntries.find(([, u]) => u.code === Number(s))
    : unitEntries.find(([name]) => name.toLowerCase() === s.toLowerCase())
  return hit ? { name: hit[0], code: hit[1].code, maxCount: hit[1].maxCount } : undefined
}

/** Whether intervalCount is a whole number within the unit's bounds (day ≤ 31, week ≤ 4, month ≤ 12, year ≤ 3). */
export function isValidIntervalCount(unit: string | number, count: number): boolean {
  const u = intervalUnit(unit)
  return u !== undefined && Number.isInteger(count) && count >= 1 && count <= u.maxCount
}

// ---------------------------------------------------------------------------------------------
// Subscription statuses: text form (single read) and integer form (list). The integer mapping is
// one client's GUESS (0..4 in the text order): lookups return the raw code when unsure.
// ---------------------------------------------------------------------------------------------

export const SUBSCRIPTION_STATUSES = [
  "PendingAgreement",
  "Active",
  "PastDue",
  "Cancelled",
  "Failed",
] as const

export type SubscriptionStatusText = (typeof SUBSCRIPTION_STATUSES)[number]

// The integer codes below are not documented: read from the service's answers.
export const SUBSCRIPTION_STATUS_BY_CODE: Readonly<Record<number, SubscriptionStatusText>> = {
  0: "PendingAgreement",
  1: "Active",
  2: "PastDue",
  3: "Cancelled",
  4: "Failed",
}

export interface SubscriptionStatusInfo {
  /** The textual status when known; undefined when the value is not in the table. */
  text: SubscriptionStatusText | undefined
  /** What the service sent, unchanged. Show this when `text` is undefined or `guessed`. */
  raw: string | number
  /** True when `text` came from the undocumented integer table. */
  guessed: boolean
}

/** Reads either form: "Active", "active", 1 or "1". */
export function describeSubscriptionStatus(value: string | number): SubscriptionStatusInfo {
  const s = String(value).trim()
  if (/^\d+$/.test(s)) {
    const text = SUBSCRIPTION_STATUS_BY_CODE[Number(s)]
    return { text, raw: value, guessed: text !== undefined }
  }
  const text = SUBSCRIPTION_STATUSES.find((t) => t.toLowerCase() === s.toLowerCase())
  return { text, raw: value, guessed: false }
}

/** Integer code → text, or the raw code back when unknown. */
export function subscriptionStatusFromCode(code: number): SubscriptionStatusText | number {
  return SUBSCRIPTION_STATUS_BY_CODE[code] ?? code
}

// ---------------------------------------------------------------------------------------------
// Subscription status callback values
// ---------------------------------------------------------------------------------------------

export const SUBSCRIPTION_CALLBACK_STATUSES = [
  "SUBSCRIPTION_ACTIVATED",
  "SUBSCRIPTION_PAST_DUE",
  "SUBSCRIPTION_CANCELLED",
  "SUBSCRIPTION_FAILED",
] as const

export type SubscriptionCallbackStatus = (typeof SUBSCRIPTION_CALLBACK_STATUSES)[number]

export const SUBSCRIPTION_CALLBACK_PREFIX = "SUBSCRIPTION_"

/** The textual subscription status a status callback moves to; undefined for an unknown value. */
export function subscriptionStatusFromCallback(status: string): SubscriptionStatusText | undefined {
  const map: Record<SubscriptionCallbackStatus, SubscriptionStatusText> = {
    SUBSCRIPTION_ACTIVATED: "Active",
    SUBSCRIPTION_PAST_DUE: "PastDue",
    SUBSCRIPTION_CANCELLED: "Cancelled",
    SUBSCRIPTION_FAILED: "Failed",
  }
  const key = status.trim().toUpperCase()
  return Object.hasOwn(map, key) ? map[key as SubscriptionCallbackStatus] : undefined
}

// ---------------------------------------------------------------------------------------------
// Saved card statuses
// ---------------------------------------------------------------------------------------------

export const CARD_STATUSES = ["ACTIVE", "DISABLED", "PENDING"] as const
export type CardStatus = (typeof CARD_STATUSES)[number]

export function isKnownCardStatus(status: string): status is CardStatus {
  return (CARD_STATUSES as readonly string[]).includes(status)
}

// ---------------------------------------------------------------------------------------------
// Payouts
// ---------------------------------------------------------------------------------------------

export const PAYOUT_AMOUNT_RUB = { min: 1000, max: 87500 } as const

// ---------------------------------------------------------------------------------------------
// Error codes
// ---------------------------------------------------------------------------------------------

/** Error codes the service answers, with what the merchant can do about each (seen in production). */
export const ERROR_CODE_ADVICE: Readonly<Record<string, string>> = {
  "Auth:SIGN_1002":
    "Platega knows no merchant with this merchant id (X-MerchantId): copy it again from Platega's dashboard, and check the base URL",
}

/**
 * Endpoints that answer an id the service does not know with 400 instead of 404 (the host-to-host
 * read), and what that 400 means.
 */
export const NOT_FOUND_AS_400: Readonly<Record<string, string>> = {
  "GET /h2h/{id}":
    "Platega does not know this transaction (the host-to-host read answers an unknown id with 400)",
}
