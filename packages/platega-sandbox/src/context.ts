import { MerchantAuth } from "./shared/auth"
import { CallbackDispatcher } from "./shared/callbacks"
import { SandboxClock } from "./shared/clock"
import { ExportFiles } from "./exports/files"
import { FaultInjector } from "./shared/faults"
import { IdSource } from "./shared/rng"
import { createSettings } from "./shared/settings"
import { CardStore } from "./cards-payouts/cards"
import { ConversionStore } from "./conversions/state"
import { Ledger } from "./balances/state"
import { PayoutStore } from "./cards-payouts/state"
import { SubscriptionStore } from "./subscriptions/state"
import { TransactionStore } from "./transactions/state"
import type { SandboxSettings } from "./shared/settings"

// Everything one sandbox instance holds. Engine functions take it as their first argument; there is
// no module-level state, so several sandboxes can run in one process (parallel tests).

export interface SandboxContext {
  readonly merchantId: string
  readonly secret: string
  readonly payoutKey: string
  /** base of pay-page and file links; set once the server listens */
  publicUrl: string
  readonly seed: number
  readonly settings: SandboxSettings
  readonly clock: SandboxClock
  readonly ids: IdSource
  readonly auth: MerchantAuth
  readonly txs: TransactionStore
  readonly subs: SubscriptionStore
  readonly ledger: Ledger
  readonly cards: CardStore
  readonly payouts: PayoutStore
  readonly conversions: ConversionStore
  /** sandbox time the rates were last set (start, reset, or configure of a rate): `updatedAt` */
  ratesUpdatedAt: number
  readonly faults: FaultInjector
  readonly callbacks: CallbackDispatcher
  readonly files: ExportFiles
  warn(message: string): void
  /** something worth keeping changed (a data directory saves it soon); a no-op without one */
  changed: () => void
}

interface ContextInit {
  merchantId: string
  secret: string
  payoutKey: string
  seed: number
  /** true when the caller gave a seed: ids become repeatable too */
  seeded: boolean
  timeScale: number
  callbackUrl: string | null
  callbackRetryIntervalMs: number
  callbackTimeoutMs: number
  quiet: boolean
}

export function createContext(init: ContextInit): SandboxContext {
  const warn = (message: string) => {
    if (!init.quiet) process.stderr.write(`[platega-sandbox] ${message}\n`)
  }
  const settings = createSettings({
    callbackRetryIntervalMs: init.callbackRetryIntervalMs,
    callbackTimeoutMs: init.callbackTimeoutMs,
  })
  const clock = new SandboxClock(init.timeScale, Date.now(), (err) =>
    warn(`timer failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`),
  )
  const faults = new FaultInjector(init.seed)
  return {
    merchantId: init.merchantId,
    secret: init.secret,
    payoutKey: init.payoutKey,
    publicUrl: "",
    seed: init.seed,
    settings,
    clock,
    ids: new IdSource(init.seeded ? init.seed : undefined),
    auth: new MerchantAuth(init.merchantId, init.secret),
    txs: new TransactionStore(),
    subs: new SubscriptionStore(),
    ledger: new Ledger(settings.openingBalances),
    cards: new CardStore(),
    payouts: new PayoutStore(),
    conversions: new ConversionStore(),
    ratesUpdatedAt: clock.now(),
    faults,
    callbacks: new CallbackDispatcher({
      clock,
      settings,
      faults,
      merchantId: init.merchantId,
      secret: init.secret,
      callbackUrl: init.callbackUrl,
      warn,
    }),
    files: new ExportFiles(),
    warn,
    changed: () => {},
  }
}
