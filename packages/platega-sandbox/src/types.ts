// Public types of the sandbox. Everything a test or a demo script touches is declared here, so the
// contract can be read in one place.

export interface SandboxOptions {
  /** 0 = a free port; default 0 for startSandbox, 4010 for the CLI */
  port?: number
  /** default "127.0.0.1" */
  host?: string
  /** default DEFAULT_MERCHANT_ID */
  merchantId?: string
  /** default "sandbox-secret" */
  secret?: string
  /** default "sandbox-payout-key" */
  payoutKey?: string
  callbackUrl?: string
  /** sandbox milliseconds per real millisecond; default 1 */
  timeScale?: number
  seed?: number
  /** default 300_000 (sandbox time) */
  callbackRetryIntervalMs?: number
  /** default 60_000 (real time) */
  callbackTimeoutMs?: number
  /** base for redirect/pay-page links; default the listening URL */
  publicUrl?: string
  quiet?: boolean
}

export interface RunningSandbox {
  url: string
  merchantId: string
  secret: string
  payoutKey: string
  control: SandboxControl
  stop(): Promise<void>
}

export type TransactionStatus = "PENDING" | "CONFIRMED" | "CANCELED" | "CHARGEBACKED"

export type SubscriptionStatus = "PendingAgreement" | "Active" | "PastDue" | "Cancelled" | "Failed"

export type IntervalUnit = "Day" | "Week" | "Month" | "Year"

/** Refund ("cancel") progress of a confirmed transaction, as shown in `refundStatus`. */
export type RefundStatus = "MANUAL_CONTROL" | "COMPLETED" | "REJECTED"

export interface SandboxTransaction {
  id: string
  status: TransactionStatus
  amount: number
  currency: string
  /** integer method code; null for a method-less link (v2) the payer has not chosen a method on */
  paymentMethod: number | null
  paymentMethodName: string | null
  createdAt: string
  expiresAt: string
  description: string
  payload: string | null
  returnUrl: string | null
  failedUrl: string | null
  orderId: string | null
  metadata: { userId?: string; userName?: string } | null
  commission: number
  refundStatus: RefundStatus | null
  refundStatusMessage: string | null
  subscriptionId: string | null
  /** created through /v2/transaction/process */
  link: boolean
  /** created by seedTransactions: history that never expires (seeding itself fires no callbacks) */
  seeded: boolean
}

export interface SandboxSubscription {
  id: string
  status: SubscriptionStatus
  /** the integer form used by GET /subscription (0..4) */
  statusCode: number
  amount: number
  currency: string
  intervalUnit: IntervalUnit
  intervalUnitCode: number
  intervalCount: number
  description: string
  payload: string | null
  createdAt: string
  bindDeadline: string
  startAt: string | null
  nextChargeAt: string | null
  lastChargeAt: string | null
  customerEmail: string | null
  chargesTotal: number
  chargesSuccess: number
  chargesFailed: number
  totalAmount: number
  chargeIds: string[]
  /** how many coming charges will fail (control: failNextCharges) */
  failNextCharges: number
}

export type CallbackKind = "transaction" | "subscription.charge" | "subscription.status" | "probe"

export type CallbackOutcome = "delivered" | "failed" | "dropped" | "skipped"

/** One attempt (or one decision not to attempt) to deliver a callback. */
export interface CallbackLogEntry {
  /** the same for every attempt of one callback (duplicates get their own id) */
  deliveryId: number
  /** 1 for the first attempt, up to 1 + callbackMaxRetries */
  attempt: number
  kind: CallbackKind
  /** transaction or subscription id the callback is about */
  subjectId: string
  url: string | null
  body: string
  /** sandbox clock time of the attempt (ISO) */
  at: string
  /** wall-clock time of the attempt (ISO) */
  realAt: string
  status: number | null
  error: string | null
  durationMs: number
  outcome: CallbackOutcome
  /** this delivery was added by the "duplicate" fault */
  duplicate: boolean
  /** this delivery was held back by the "reorder" fault */
  reordered: boolean
}

export interface CallbackFaults {
  /** share of callbacks that are never sent (logged as "dropped") */
  dropRate?: number
  /** share of callbacks that are sent twice */
  duplicateRate?: number
  /** share of callbacks held back until the next callback has been sent */
  reorderRate?: number
}

export interface SandboxFaults {
  /** makes every decision repeatable; default the sandbox seed */
  seed?: number
  /** added before Platega API routes answer: fixed, or uniform in [min, max] */
  latencyMs?: number | { min: number; max: number }
  /** per route ("GET /transaction/:id", or "*" for every API route): share answered 5xx unprocessed */
  errorRates?: Record<string, number>
  /** per route: share processed, but whose answer is replaced by a 502 (lost response) */
  lostResponseRates?: Record<string, number>
  callbacks?: CallbackFaults
}

export interface SeedOptions {
  /** statuses to cycle through (default 10% PENDING, 70% CONFIRMED, 15% CANCELED, 5% CHARGEBACKED) */
  statuses?: TransactionStatus[]
  /** method codes to cycle through (default [2, 11]) */
  paymentMethods?: number[]
  currency?: string
  amountMin?: number
  amountMax?: number
  /** createdAt range (ISO or epoch ms); default the 30 days before now */
  from?: string | number
  to?: string | number
  /** return every id (for benchmarks); otherwise up to 100 sample ids */
  returnIds?: boolean
}

export interface SeedResult {
  count: number
  totalTransactions: number
  durationMs: number
  heapUsedBytes: number
  ids: string[]
}

export type ChargeOutcome = "success" | "fail"

export interface BalanceView {
  currency: string
  amount: number
  frozenBalance: number
}

export interface PayoutRecord {
  withdrawalRecordId: string
  status: "CREATED"
  cardMasked: string
  cardId: string | null
  amountRub: number
  feeRub: number
  amountUsdtDebited: number
  idempotencyKey: string
  createdAt: string
}

export interface SavedCard {
  cardId: string
  masked: string
  last4: string
  brand: string
  label: string
  status: "ACTIVE" | "DISABLED" | "PENDING"
}

export type HmacPathMode = "either" | "bare" | "withQuery"

/** Behaviour switches; read and change them at run time with control.configure(). */
export interface SandboxSettings {
  merchantName: string
  /** lifetime of a new payment, answered as `expiresIn` */
  expiresInSeconds: number
  /** the batch job cancels an unpaid payment this long after it expired */
  expiredCancelDelayMs: number
  /** time the payer has to bind a subscription before it turns Failed */
  bindWindowMs: number
  /** service commission on every confirmed payment, percent of the amount */
  commissionPercent: number
  /** units of each currency per 1 USDT (`usdtRate`, `rate`) */
  usdtRates: Record<string, number>
  /** refunds of at least this amount (transaction currency) need manual control */
  manualControlThreshold: number
  /** every refund needs manual control */
  forceManualControl: boolean
  hmacWindowSeconds: number
  hmacSchemes: string[]
  hmacPathMode: HmacPathMode
  /** GET /h2h/{id} is enabled for this merchant */
  h2hEnabled: boolean
  /** reject creates without metadata.userId (some merchant categories) */
  requireUserId: boolean
  callbackRetryIntervalMs: number
  callbackTimeoutMs: number
  callbackMaxRetries: number
  /** decimals written for `amount` in transaction callbacks (the service sends 16); 0 = plain */
  callbackAmountDecimals: number
  /** the JSON export answers 400 when more records match */
  jsonExportLimit: number
  /** payout fee, percent of amountRub, debited on top */
  payoutFeePercent: number
  /** error replies of POST /transaction/{id}/cancel are text/plain, like the service's */
  cancelErrorsAsText: boolean
  /** answer control routes to non-loopback clients too */
  allowRemoteControl: boolean
  /** opening balances applied at start and on reset */
  openingBalances: Record<string, number>
}

export interface SandboxControl {
  confirm(id: string): Promise<SandboxTransaction>
  decline(id: string): Promise<SandboxTransaction>
  /** a dispute: CONFIRMED → CHARGEBACKED without the refund checks, balance debited */
  chargeback(id: string): Promise<SandboxTransaction>
  approveRefund(id: string): Promise<SandboxTransaction>
  rejectRefund(id: string): Promise<SandboxTransaction>
  /** (re)sends the callback for a transaction's or a subscription's current status */
  fireCallback(id: string): Promise<void>
  advanceClock(ms: number): Promise<number>
  now(): Promise<number>
  setTimeScale(timeScale: number): Promise<void>
  seedTransactions(n: number, opts?: SeedOptions): Promise<SeedResult>
  callbackLog(): Promise<CallbackLogEntry[]>
  clearCallbackLog(): Promise<void>
  /** resolves when no callback attempt is in flight (scheduled retries are not waited for) */
  waitForCallbacks(timeoutMs?: number): Promise<void>
  setFaults(faults: SandboxFaults): Promise<SandboxFaults>
  getFaults(): Promise<SandboxFaults>
  /** `probe: true` sends the dashboard's `POST {}` first and refuses a URL that does not answer 200 */
  setCallbackUrl(url: string | null, opts?: { probe?: boolean }): Promise<void>
  getTransaction(id: string): Promise<SandboxTransaction | undefined>
  getSubscription(id: string): Promise<SandboxSubscription | undefined>
  bindSubscription(id: string, opts?: { email?: string }): Promise<SandboxSubscription>
  declineSubscription(id: string): Promise<SandboxSubscription>
  chargeSubscription(id: string, outcome?: ChargeOutcome): Promise<SandboxSubscription>
  failNextCharges(id: string, count: number): Promise<SandboxSubscription>
  cancelSubscription(id: string): Promise<SandboxSubscription>
  balances(): Promise<BalanceView[]>
  setBalance(currency: string, amount: number): Promise<BalanceView[]>
  payouts(): Promise<PayoutRecord[]>
  cards(): Promise<SavedCard[]>
  settings(): Promise<SandboxSettings>
  configure(patch: Partial<SandboxSettings>): Promise<SandboxSettings>
  /**
   * Back to a fresh sandbox: forgets transactions, subscriptions, payouts, export files, the callback
   * log, pending retries and faults; restores settings, opening balances, the callback URL and the
   * clock (wall time, initial time scale).
   */
  reset(): Promise<void>
}
