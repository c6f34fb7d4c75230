import type { TransactionStatus } from "../transactions/types"
import { CURRENCIES, METHODS, TX_STATUS, txStatusCode } from "../shared/codes"
import type { SandboxContext } from "../context"
import { ControlError } from "../shared/errors"
import { SeededRandom } from "../shared/rng"
import { TX_FLAG } from "../transactions/state"

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

// Bulk history for benchmarks and export tests. Seeded rows are plain history: they are created
// without callbacks or balance moves and never expire; a later control action (confirm, chargeback…)
// treats them like any other transaction.

// Status pattern per 20 rows: 10 % PENDING, 70 % CONFIRMED, 15 % CANCELED, 5 % CHARGEBACKED.
const DEFAULT_PATTERN: number[] = [
  ...Array<number>(2).fill(TX_STATUS.PENDING),
  ...Array<number>(14).fill(TX_STATUS.CONFIRMED),
  ...Array<number>(3).fill(TX_STATUS.CANCELED),
  TX_STATUS.CHARGEBACKED,
]

const MAX_SEED = 5_000_000
const CHUNK = 50_000
const DAY = 86_400_000

function toMs(value: string | number | undefined, fallback: number, key: string): number {
  if (value === undefined) return fallback
  const ms = typeof value === "number" ? value : Date.parse(value)
  if (!Number.isFinite(ms))
    throw new ControlError(400, `${key} must be an ISO date-time or epoch ms`)
  return ms
}

export async function seedTransactions(
  ctx: SandboxContext,
  n: number,
  opts: SeedOptions = {},
): Promise<SeedResult> {
  if (!Number.isInteger(n) || n < 0 || n > MAX_SEED) {
    throw new ControlError(400, `count must be an integer between 0 and ${MAX_SEED}`)
  }
  const started = performance.now()
  const now = ctx.clock.now()
  const from = toMs(opts.from, now - 30 * DAY, "from")
  const to = toMs(opts.to, now, "to")
  if (from > to) throw new ControlError(400, "from must not be after to")
  const statuses = opts.statuses?.length ? opts.statuses.map(txStatusCode) : DEFAULT_PATTERN
  const methods = opts.paymentMethods?.length ? opts.paymentMethods : [2, 11]
  for (const m of methods)
    if (!METHODS.has(m)) throw new ControlError(400, `unknown payment method ${m}`)
  const currency = CURRENCIES.indexOf(opts.currency ?? "RUB")
  if (currency < 0) throw new ControlError(400, `unsupported currency ${opts.currency}`)
  const minMinor = Math.round((opts.amountMin ?? 100) * 100)
  const maxMinor = Math.round((opts.amountMax ?? 10_000) * 100)
  if (!(minMinor > 0 && minMinor <= maxMinor))
    throw new ControlError(400, "need 0 < amountMin <= amountMax")

  // Repeatable for a sandbox seed and history; a second batch differs from the first.
  const rng = new SeededRandom((ctx.seed ^ Math.imul(ctx.txs.size + 1, 0x9e3779b1)) >>> 0)
  // Ids from their own 128-bit stream: fast, flat strings, and repeatable like the rest.
  const idRng = new SeededRandom(
    (ctx.seed ^ Math.imul(ctx.txs.size + 1, 0x85ebca6b) ^ 0x5eed) >>> 0,
  )
  const { txs, settings } = ctx
  const descriptionRef = txs.intern("Seeded order")
  const expiresMs = settings.expiresInSeconds * 1000
  const first = txs.size
  for (let k = 0; k < n; k++) {
    if (k > 0 && k % CHUNK === 0) await new Promise((r) => setImmediate(r))
    // Ascending createdAt with jitter, like real history.
    const createdAt = Math.floor(from + ((to - from) * (k + rng.next())) / Math.max(1, n))
    txs.addRaw(
      idRng.uuid(),
      {
        amountMinor: minMinor + Math.floor(rng.next() * (maxMinor - minMinor + 1)),
        currency,
        method: methods[k % methods.length],
        status: statuses[k % statuses.length],
        createdAt,
        expiresAt: createdAt + expiresMs,
        commissionPercent: settings.commissionPercent,
        flags: TX_FLAG.SEEDED,
      },
      descriptionRef,
      0,
    )
  }
  const last = txs.size
  const ids = opts.returnIds
    ? txs.ids.slice(first, last)
    : txs.ids.slice(first, Math.min(last, first + 100))
  return {
    count: n,
    totalTransactions: txs.size,
    durationMs: Math.round(performance.now() - started),
    heapUsedBytes: process.memoryUsage().heapUsed,
    ids,
  }
}
