import fs from "node:fs"
import path from "node:path"
import type { SandboxContext } from "./context"
import type { DispatcherSnapshot } from "./shared/callbacks"
import type { SandboxSettings } from "./shared/settings"
import { armSubscription } from "./subscriptions/engine"
import type { SubscriptionRecord } from "./subscriptions/state"
import { armExpiry } from "./transactions/engine"
import type { TransactionsSnapshot } from "./transactions/state"
import type { IdempotentResult } from "./cards-payouts/state"
import type { ConversionRecord } from "./conversions/state"

// State that survives a restart, given a data directory: transactions, subscriptions, balances,
// payouts, conversions, settings, the callback URL, callbacks still to be (re)sent and the recent
// delivery log, in one JSON file written atomically (a temporary file, then a rename) shortly after each change
// and on stop. Export links, faults and the time scale are not kept. One sandbox per directory.

export const STATE_FILE = "sandbox-state.json"
const VERSION = 1
const DEBOUNCE_MS = 200

interface Snapshot {
  version: number
  /** wall-clock time of the save */
  savedAt: number
  /** sandbox time of the save: the clock goes on from there (plus the real time since) */
  clockNow: number
  settings: SandboxSettings
  callbackUrl: string | null
  ids: [number, number, number, number] | null
  transactions: TransactionsSnapshot
  subscriptions: Omit<SubscriptionRecord, "timer">[]
  ledger: { available: Record<string, number>; frozen: Record<string, number> }
  payouts: IdempotentResult[]
  /** absent in files saved before conversions existed */
  conversions?: ConversionRecord[]
  callbacks: DispatcherSnapshot
}

function snapshot(ctx: SandboxContext): Snapshot {
  return {
    version: VERSION,
    savedAt: Date.now(),
    clockNow: ctx.clock.now(),
    settings: ctx.settings,
    callbackUrl: ctx.callbacks.url,
    ids: ctx.ids.snapshot(),
    transactions: ctx.txs.snapshot(),
    subscriptions: ctx.subs.snapshot(),
    ledger: ctx.ledger.snapshot(),
    payouts: ctx.payouts.snapshot(),
    conversions: ctx.conversions.snapshot(),
    callbacks: ctx.callbacks.snapshot(),
  }
}

/**
 * Loads the saved state of `dir` into a fresh context and sets its timers again (expiry batch, bind
 * deadlines, charges, callback retries). Returns false when there is none yet. A file that cannot be
 * read stops the start with its name: starting empty would overwrite it.
 */
export function loadState(
  ctx: SandboxContext,
  dir: string,
  opts: { keepCallbackUrl: boolean },
): boolean {
  const file = path.join(dir, STATE_FILE)
  if (!fs.existsSync(file)) return false
  let s: Snapshot
  try {
    s = JSON.parse(fs.readFileSync(file, "utf8")) as Snapshot
    if (s.version !== VERSION) throw new Error(`version ${s.version}, expected ${VERSION}`)
    ctx.clock.resetTo(ctx.clock.timeScale, s.clockNow + Math.max(0, Date.now() - s.savedAt))
    Object.assign(ctx.settings, s.settings)
    if (!opts.keepCallbackUrl) ctx.callbacks.url = s.callbackUrl
    ctx.ids.restore(s.ids)
    ctx.txs.restore(s.transactions)
    ctx.subs.restore(s.subscriptions)
    ctx.ledger.restore(s.ledger)
    ctx.payouts.restore(s.payouts)
    ctx.conversions.restore(s.conversions)
  } catch (err) {
    throw new Error(
      `cannot load the sandbox state from ${file}: ${err instanceof Error ? err.message : String(err)}` +
        " (move the file away to start empty)",
    )
  }
  for (let i = 0; i < ctx.txs.size; i++) armExpiry(ctx, i)
  for (const record of ctx.subs.all()) armSubscription(ctx, record)
  ctx.callbacks.restore(s.callbacks)
  return true
}

/** Writes the state a moment after changes (many changes, one write) and on flush(). */
export class StateWriter {
  private timer: NodeJS.Timeout | undefined
  private writing: Promise<void> | undefined
  private dirty = false

  constructor(
    private readonly ctx: SandboxContext,
    private readonly dir: string,
  ) {
    fs.mkdirSync(dir, { recursive: true })
  }

  schedule(): void {
    this.dirty = true
    if (this.timer) return
    this.timer = setTimeout(() => {
      this.timer = undefined
      void this.flush().catch((err: unknown) =>
        this.ctx.warn(
          `saving the state failed: ${err instanceof Error ? err.message : String(err)}`,
        ),
      )
    }, DEBOUNCE_MS)
    this.timer.unref()
  }

  /** Writes now if anything changed; resolves when the state on disk is current. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
    while (this.writing) await this.writing
    if (!this.dirty) return
    this.dirty = false
    this.writing = this.write().finally(() => (this.writing = undefined))
    await this.writing
  }

  private async write(): Promise<void> {
    const file = path.join(this.dir, STATE_FILE)
    const tmp = `${file}.${process.pid}.tmp`
    await fs.promises.writeFile(tmp, JSON.stringify(snapshot(this.ctx)))
    await fs.promises.rename(tmp, file)
  }
}
