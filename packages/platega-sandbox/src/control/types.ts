import type { BalanceView } from "../balances/state"
import type { PayoutRecord, SavedCard } from "../cards-payouts/types"
import type { ConvertInput } from "../conversions/engine"
import type { SandboxConversion } from "../conversions/views"
import type { RateRow } from "../rates/engine"
import type { CallbackLogEntry } from "../shared/callbacks"
import type { SandboxFaults } from "../shared/faults"
import type { SandboxSettings } from "../shared/settings"
import type { ChargeOutcome, SandboxSubscription } from "../subscriptions/types"
import type { SandboxTransaction } from "../transactions/types"
import type { SeedOptions, SeedResult } from "./seed"

// The in-process control API (startSandbox().control); /_sandbox routes mirror it over HTTP.

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
  /** the payer cancels through the link in Platega's e-mail: → Cancelled, SUBSCRIPTION_CANCELLED */
  payerCancelSubscription(id: string): Promise<SandboxSubscription>
  balances(): Promise<BalanceView[]>
  setBalance(currency: string, amount: number): Promise<BalanceView[]>
  payouts(): Promise<PayoutRecord[]>
  /**
   * converts `amount` of a balance into `toCurrency` (USDT unless given) at the sandbox's rate;
   * GET /transaction/balance-unlock-operations lists it
   */
  convert(input: ConvertInput): Promise<SandboxConversion>
  /** the conversions made, oldest first */
  conversions(): Promise<SandboxConversion[]>
  /** each payment method's rate of each currency, per 1 USDT (GET /rates/payment_method_rate) */
  rates(): Promise<RateRow[]>
  cards(): Promise<SavedCard[]>
  settings(): Promise<SandboxSettings>
  configure(patch: Partial<SandboxSettings>): Promise<SandboxSettings>
  /**
   * Back to a fresh sandbox: forgets transactions, subscriptions, payouts, conversions, export
   * files, the callback log, pending retries and faults; restores settings, opening balances, the callback URL and the
   * clock (wall time, initial time scale).
   */
  reset(): Promise<void>
}
