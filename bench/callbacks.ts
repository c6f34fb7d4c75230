import autocannon from "autocannon"
import { SBP, createCart, startPayment } from "../integration-tests/helpers/checkout"
import { plategaCheckout } from "./checkout"
import type { Stack } from "./support/stack"
import { figures, round, runLoad, type Figures } from "./support/stats"

/**
 * The callback URL under load.
 * - Verified duplicates: autocannon posts the callback of an already-paid transaction, with the
 *   right headers, over 20 connections; beside it Medusa's own GET /health, measured the same way
 *   (the cheapest route the same server has: its ceiling on this machine).
 * - First-time paid callbacks: M carts wait with Platega sessions; all M are paid at the sandbox
 *   at once, the sandbox sends M callbacks, and each counts when its order exists.
 */

export interface LoadFigures {
  perSecond: number
  p50Ms: number
  p99Ms: number
  requests: number
  /** answers that were not 2xx, and connection errors/timeouts: all should be 0 */
  non2xx: number
  errors: number
  /** CPU the Medusa process used per request, ms */
  medusaCpuMs: number
  /** req/s of every round (the figures above are the median round's) */
  rounds?: number[]
}

export interface CallbackBenchResult {
  duplicates: LoadFigures
  /** the same post with a wrong X-Secret: Medusa's middleware and our header check, no database */
  rejected: LoadFigures
  health: LoadFigures
  /** duplicate callbacks/s ÷ /health requests/s */
  ratio: number
  firstTime: Figures & { medusaCpuMs: number }
}

export interface CallbackBenchOptions {
  seconds?: number
  connections?: number
  /** first-time callbacks (default 20) */
  firstTime?: number
  say?: (m: string) => void
  /** label for profiles written with BENCH_PROFILE=1 */
  label?: string
}

async function load(
  stack: Stack,
  request: {
    path: string
    method: "GET" | "POST"
    body?: string
    headers?: Record<string, string>
  },
  seconds: number,
  connections: number,
  profile?: string,
): Promise<LoadFigures> {
  const cpu = stack.medusa.cpuMs()
  const fire = () =>
    autocannon({
      url: `${stack.medusa.url}${request.path}`,
      method: request.method,
      body: request.body,
      headers: request.headers,
      connections,
      duration: seconds,
    })
  const result = profile ? (await stack.medusa.profile(profile, fire)).result : await fire()
  return {
    perSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    medusaCpuMs: round((stack.medusa.cpuMs() - cpu) / Math.max(1, result.requests.total), 3),
  }
}

/** Rounds per route; each lasts seconds ÷ ROUNDS. */
const ROUNDS = 3

/** The round with the median rate, its other figures with it. */
function medianRound(rounds: LoadFigures[]): LoadFigures {
  const sorted = [...rounds].sort((a, b) => a.perSecond - b.perSecond)
  return { ...sorted[Math.floor(sorted.length / 2)], rounds: rounds.map((r) => r.perSecond) }
}

export async function benchCallbacks(
  stack: Stack,
  options: CallbackBenchOptions = {},
): Promise<CallbackBenchResult> {
  const seconds = options.seconds ?? 10
  const connections = options.connections ?? 20
  const label = options.label ?? "callbacks"
  const say = options.say ?? (() => {})

  // A paid transaction whose callback has been processed: every further delivery is a duplicate.
  const paid = await plategaCheckout(stack)
  const [delivered] = await stack.sandbox.control<{ body: string }[]>(
    "GET",
    `/callbacks?kind=transaction&subjectId=${paid.transactionId}`,
  )
  const headers = {
    "content-type": "application/json",
    "x-merchantid": stack.sandbox.merchantId,
    "x-secret": stack.sandbox.secret,
  }
  const run = { path: "/hooks/platega", method: "POST", body: delivered.body, headers } as const
  const forged = { ...run, headers: { ...headers, "x-secret": "not-the-secret" } }
  const routes = {
    duplicates: run,
    rejected: forged,
    health: { path: "/health", method: "GET" } as const,
  }
  // Warm every route, then measure them in turns: a pause of the server (a garbage collection, a
  // scheduled job, a busy neighbour) lands in one round of one route, and the median round
  // of each route leaves it out.
  for (const r of Object.values(routes)) await load(stack, r, 2, connections)
  const rounds = { duplicates: [], rejected: [], health: [] } as Record<
    keyof typeof routes,
    LoadFigures[]
  >
  const roundSeconds = Math.max(1, Math.round(seconds / ROUNDS))
  for (let i = 0; i < ROUNDS; i++) {
    for (const name of Object.keys(routes) as (keyof typeof routes)[]) {
      const profile = i === 0 ? `${label}-${name}` : undefined
      rounds[name].push(await load(stack, routes[name], roundSeconds, connections, profile))
    }
  }
  const duplicates = medianRound(rounds.duplicates)
  const rejected = medianRound(rounds.rejected)
  const health = medianRound(rounds.health)
  say(`  duplicates: ${duplicates.perSecond}/s, p99 ${duplicates.p99Ms} ms`)
  say(`  rejected:   ${rejected.perSecond}/s, p99 ${rejected.p99Ms} ms`)
  say(`  /health:    ${health.perSecond}/s, p99 ${health.p99Ms} ms`)

  const firstTime = await benchFirstTime(stack, options.firstTime ?? 20, `${label}-first-time`)
  say(`  first-time: ${firstTime.perSecond}/s, p99 ${firstTime.p99Ms} ms`)
  return {
    duplicates,
    rejected,
    health,
    ratio: round(duplicates.perSecond / health.perSecond, 2),
    firstTime,
  }
}

async function benchFirstTime(
  stack: Stack,
  count: number,
  profile: string,
): Promise<Figures & { medusaCpuMs: number }> {
  const { api, store, sandbox, db } = stack
  const waiting: { cartId: string; tx: string }[] = []
  await runLoad(count, 4, async () => {
    const cartId = await createCart(api, store)
    const session = await startPayment(api, store, cartId, SBP)
    waiting.push({ cartId, tx: session.data.transaction_id })
  })
  const cartIds = waiting.map((w) => w.cartId)
  const paidAt = new Map<string, number>()
  const cpu = stack.medusa.cpuMs()
  const started = Date.now()
  const { result: done } = await stack.medusa.profile(profile, async () => {
    // Paid all at once: the sandbox sends every callback right away.
    await Promise.all(
      waiting.map(async (w) => {
        paidAt.set(w.cartId, Date.now())
        await sandbox.control("POST", `/transactions/${w.tx}/confirm`)
      }),
    )
    const deadline = Date.now() + 180_000
    for (;;) {
      const { rows } = await db.query<{ cart_id: string; at: Date }>(
        `select oc.cart_id, o.created_at as at from order_cart oc
           join "order" o on o.id = oc.order_id where oc.cart_id = any($1)`,
        [cartIds],
      )
      if (rows.length === count) return rows
      if (Date.now() > deadline)
        throw new Error(`only ${rows.length} of ${count} callbacks made an order within 180 s`)
      await new Promise((r) => setTimeout(r, 50))
    }
  })
  const latencies = done.map((r) => r.at.getTime() - paidAt.get(r.cart_id)!)
  const last = Math.max(...done.map((r) => r.at.getTime()))
  const medusaCpuMs = round((stack.medusa.cpuMs() - cpu) / count, 1)
  return { ...figures(latencies, last - started), medusaCpuMs }
}
