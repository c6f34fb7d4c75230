import type { IntervalUnit, SubscriptionStatus } from "../subscriptions/types"
import type { TransactionStatus } from "../transactions/types"

// Every code table of the service, once.

/** Internal transaction status codes are the service's export filter codes. */
export const TX_STATUS = { PENDING: 1, CANCELED: 6, CONFIRMED: 7, CHARGEBACKED: 9 } as const
type TxStatusCode = (typeof TX_STATUS)[keyof typeof TX_STATUS]

const TX_STATUS_NAMES = new Map<number, TransactionStatus>(
  Object.entries(TX_STATUS).map(([name, code]) => [code, name as TransactionStatus]),
)

export function txStatusName(code: number): TransactionStatus {
  const name = TX_STATUS_NAMES.get(code)
  if (!name) throw new Error(`unknown transaction status code ${code}`)
  return name
}

export function txStatusCode(name: TransactionStatus): TxStatusCode {
  return TX_STATUS[name]
}

export const SUBSCRIPTION_METHOD = 6

/** How the payer page for a method looks. */
type PayPageKind = "qr" | "card" | "generic"

interface MethodInfo {
  code: number
  name: string
  currencies: readonly string[]
  page: PayPageKind
}

// Currencies: RUB for every method; the foreign rails add their own (ERIP is Belarusian, crypto is
// settled in USDT, international cards take USD/EUR).
export const METHODS: ReadonlyMap<number, MethodInfo> = new Map(
  (
    [
      { code: 2, name: "SBPQR", currencies: ["RUB"], page: "qr" },
      { code: 3, name: "ERIP", currencies: ["RUB", "BYN"], page: "generic" },
      { code: 11, name: "CardAcquiring", currencies: ["RUB"], page: "card" },
      { code: 12, name: "InternationalAcquiring", currencies: ["RUB", "USD", "EUR"], page: "card" },
      { code: 13, name: "Crypto", currencies: ["RUB", "USDT"], page: "generic" },
      { code: 14, name: "SberPay", currencies: ["RUB"], page: "generic" },
      { code: 6, name: "Subscription", currencies: ["RUB"], page: "generic" },
    ] satisfies MethodInfo[]
  ).map((m) => [m.code, m]),
)

/** Methods POST /transaction/process takes for a one-off payment. */
export const ONE_OFF_METHODS: readonly number[] = [2, 3, 11, 12, 13, 14]

/** Internal marker for a v2 link whose payer has not picked a method yet. */
export const NO_METHOD = 0

export function methodName(code: number): string | null {
  return METHODS.get(code)?.name ?? null
}

/** Currencies the ledger knows (order of GET /balance/all). */
export const CURRENCIES: readonly string[] = ["RUB", "USDT", "USD", "EUR", "BYN"]

// Subscription status: text in the single read, integer in the list. The integer codes are not
// published; this is the one client's assumption (0..4 in this order), kept in one table.
export const SUBSCRIPTION_STATUSES: readonly SubscriptionStatus[] = [
  "PendingAgreement",
  "Active",
  "PastDue",
  "Cancelled",
  "Failed",
]

export function subscriptionStatusCode(status: SubscriptionStatus): number {
  return SUBSCRIPTION_STATUSES.indexOf(status)
}

export const SUBSCRIPTION_CALLBACK_STATUS: Partial<Record<SubscriptionStatus, string>> = {
  Active: "SUBSCRIPTION_ACTIVATED",
  PastDue: "SUBSCRIPTION_PAST_DUE",
  Cancelled: "SUBSCRIPTION_CANCELLED",
  Failed: "SUBSCRIPTION_FAILED",
}

/** interval codes 1..4 of paymentDetails.interval and of the list's intervalUnit */
export const INTERVAL_UNITS: Readonly<Record<number, { unit: IntervalUnit; maxCount: number }>> = {
  1: { unit: "Day", maxCount: 31 },
  2: { unit: "Week", maxCount: 4 },
  3: { unit: "Month", maxCount: 12 },
  4: { unit: "Year", maxCount: 3 },
}
