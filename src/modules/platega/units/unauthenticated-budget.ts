import { generateEntityId } from "@medusajs/framework/utils"

/** Runs one SQL statement with positional `?` bindings (the module's entity manager). */
export type Execute = <T>(sql: string, bindings: unknown[]) => Promise<T[]>

interface BudgetLimits {
  perMinute: number
  perIdPerMinute: number
  perClientPerMinute: number
  perKnownSubscriptionPerMinute: number
}

export interface BudgetDecision {
  allowed: boolean
  /** Seconds until the window that refused it ends (for Retry-After). */
  retryAfterSeconds: number
  /** Which budget refused it. */
  refusedBy?: "store" | "id" | "client" | "subscription"
}

/** What a callback without merchant headers is about, for its budget. */
export interface BudgetRequest {
  /** The Platega id to be read (a charge's transaction). */
  plategaId: string
  /**
   * The caller's address as clientKeyOf (api/hooks/platega/client-address.ts) gives it; undefined
   * for the store's own retry of a recorded callback (no caller).
   */
  client?: string
  /** The subscription a charge names (its SubscriptionId). */
  subscriptionId?: string
}

const WINDOW_MS = 60_000
const STORE_KEY = "all"
/** Rows of ids and clients whose window ended this long ago go when a new store window opens. */
const KEEP_MS = 10 * WINDOW_MS

/**
 * The budget of Platega reads that callbacks without merchant headers may cost. Anyone can send
 * such a body, so each one that is acted on costs a read of Platega: without a bound a flood of
 * bodies would become a flood of calls to Platega under the merchant's credentials.
 *
 * Fixed one-minute windows counted in the database (one atomic upsert per key), so every instance
 * draws on the same budget.
 *
 * A charge of a subscription the store knows (its record exists) has an allowance of its own, so
 * that unknown callers spending the store's budget never hold up Platega's genuine charges: the
 * id's budget, then the subscription's (`perKnownSubscriptionPerMinute`). A flood naming known
 * subscriptions costs at most that many reads a minute per subscription it knows of.
 *
 * Anything else is checked in this order, so that a flood costs as little as possible:
 * 1. this process already knows the store's window is spent → refused with no further statement;
 * 2. the id's budget (one repeated id never spends the store's budget);
 * 3. the client address's budget (one caller never spends more than its share of the store's);
 * 4. the store's budget.
 */
export class UnauthenticatedBudget {
  /** The store window this process saw spent: refusals until it ends need no counting. */
  private spentUntil = 0

  constructor(
    private readonly limits: () => BudgetLimits,
    private readonly now: () => number = Date.now,
  ) {}

  async take(execute: Execute, request: BudgetRequest): Promise<BudgetDecision> {
    const { plategaId, client, subscriptionId } = request
    const now = this.now()
    const windowStart = now - (now % WINDOW_MS)
    const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + WINDOW_MS - now) / 1000))
    const refuse = (refusedBy: BudgetDecision["refusedBy"]): BudgetDecision => ({
      allowed: false,
      retryAfterSeconds,
      refusedBy,
    })
    const { perMinute, perIdPerMinute, perClientPerMinute, perKnownSubscriptionPerMinute } =
      this.limits()
    const known = !!subscriptionId && (await isKnownSubscription(execute, subscriptionId))
    if (known) {
      if (perIdPerMinute === 0 || perKnownSubscriptionPerMinute === 0) return refuse("subscription")
      const idUsed = await count(execute, `id:${plategaId.toLowerCase()}`, windowStart)
      if (idUsed > perIdPerMinute) return refuse("id")
      const key = `subscription:${subscriptionId.toLowerCase()}`
      const used = await count(execute, key, windowStart)
      if (used > perKnownSubscriptionPerMinute) return refuse("subscription")
      return { allowed: true, retryAfterSeconds: 0 }
    }
    if (now < this.spentUntil || perMinute === 0 || perIdPerMinute === 0) return refuse("store")
    const idUsed = await count(execute, `id:${plategaId.toLowerCase()}`, windowStart)
    if (idUsed > perIdPerMinute) return refuse("id")
    const clientUsed =
      client === undefined ? 0 : await count(execute, `client:${client}`, windowStart)
    if (clientUsed > perClientPerMinute) return refuse("client")
    const storeUsed = await count(execute, STORE_KEY, windowStart)
    if (storeUsed === 1) await prune(execute, windowStart)
    if (storeUsed > perMinute) {
      this.spentUntil = windowStart + WINDOW_MS
      return refuse("store")
    }
    return { allowed: true, retryAfterSeconds: 0 }
  }
}

/** Whether the store has a record of this Platega subscription (one indexed read). */
async function isKnownSubscription(execute: Execute, plategaId: string): Promise<boolean> {
  const rows = await execute<{ known: number }>(
    `select 1 as known from platega_subscription
      where platega_id = ? and deleted_at is null limit 1`,
    [plategaId.toLowerCase()],
  )
  return rows.length > 0
}

/** Counts one use of `key` in the window starting at `windowStart`; the count after it. */
export async function count(execute: Execute, key: string, windowStart: number): Promise<number> {
  return (await countEach(execute, [key], windowStart))[0]
}

/**
 * Counts one use of each key in the window starting at `windowStart`, in one statement; the
 * counts after it, in the order of `keys`.
 */
export async function countEach(
  execute: Execute,
  keys: string[],
  windowStart: number,
): Promise<number[]> {
  const start = new Date(windowStart)
  const rows = await execute<{ key: string; used: number }>(
    `insert into platega_reread_budget (id, key, window_start, used)
     values ${keys.map(() => "(?, ?, ?, 1)").join(", ")}
     on conflict (key) where deleted_at is null
     do update set
       used = case when platega_reread_budget.window_start = excluded.window_start
                   then platega_reread_budget.used + 1 else 1 end,
       window_start = excluded.window_start,
       updated_at = now()
     returning key, used`,
    keys.flatMap((key) => [generateEntityId(undefined, "plrb"), key, start]),
  )
  const used = new Map(rows.map((r) => [r.key, Number(r.used)]))
  return keys.map((key) => used.get(key) ?? Number.MAX_SAFE_INTEGER)
}

async function prune(execute: Execute, windowStart: number): Promise<void> {
  await execute(`delete from platega_reread_budget where key <> ? and window_start < ?`, [
    STORE_KEY,
    new Date(windowStart - KEEP_MS),
  ])
}
