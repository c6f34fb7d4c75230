import type { SandboxControl } from "./control/types"

// Public types of the sandbox, in one place: the options and handle of startSandbox here, the rest
// re-exported from the resource they belong to.

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
  /**
   * Keep the state here (created if missing) and load it on start, so transactions, subscriptions,
   * balances and the callback queue survive a restart. Default: memory only.
   */
  dataDir?: string
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

export type { BalanceView } from "./balances/state"
export type { PayoutRecord, SavedCard } from "./cards-payouts/types"
export type { SeedOptions, SeedResult } from "./control/seed"
export type { SandboxControl } from "./control/types"
export type { CallbackKind, CallbackLogEntry, CallbackOutcome } from "./shared/callbacks"
export type { CallbackFaults, SandboxFaults } from "./shared/faults"
export type { HmacPathMode } from "./shared/hmac"
export type { SandboxSettings } from "./shared/settings"
export type {
  ChargeOutcome,
  IntervalUnit,
  SandboxSubscription,
  SubscriptionStatus,
} from "./subscriptions/types"
export type { RefundStatus, SandboxTransaction, TransactionStatus } from "./transactions/types"
