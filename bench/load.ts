import { startFanOut } from "../integration-tests/multi/support/fan-out"
import { benchRedis, type BenchRedis } from "./support/redis"
import { openSale, runSaleWindow, type Sale, type SaleWindow } from "./support/sale"
import { startStack } from "./support/stack"
import { round } from "./support/stats"

/**
 * A sale (`npm run bench -- load`), on (a) one instance with Medusa's in-process modules and
 * (b) two `server` and two `worker` instances on Redis with Medusa's Redis modules. Every
 * callback reaches the store twice: both deliveries at once, to both servers when there are two.
 *
 * Each topology first looks for the rate it sustains: short windows at rising rates, until one
 * falls behind (payments or orders under 90% of the rate, a payment → order p99 over the limit,
 * a paid cart left without its order, or failed shoppers); at falling rates, when the first
 * window already falls behind, until one keeps up. Then the sale proper: the last
 * sustained rate (or BENCH_LOAD_RATE, without the search) for BENCH_LOAD_SECONDS.
 */

export interface LoadOptions {
  /** a fixed rate (shoppers per second): no search */
  rate?: number
  seconds: number
  /** the search's windows: first rate, growth factor, seconds each */
  startRate: number
  growth: number
  stepSeconds: number
  /** payment → order p99 above this is falling behind */
  maxLagMs: number
  /** the longest wait for orders after a window's last arrival */
  drainSeconds: number
  say: (m: string) => void
}

export interface TopologyResult {
  name: string
  instances: string
  bootSeconds: number
  /** the search's windows, in order (empty with a fixed rate) */
  steps: SaleWindow[]
  /**
   * the highest rate a search window sustained; without a search, the fixed rate if the sale kept
   * up with it, else 0
   */
  sustainableRate: number
  /** why the sale did not keep up with its rate, if it did not */
  saleBehind?: string
  /** Redis commands per second with the store idle (job and queue polling), when on Redis */
  redisIdleCommandsPerSecond?: number
  /** the most orders per second any window made (the saturated store's throughput) */
  peakOrdersPerSecond: number
  sale: SaleWindow
}

export interface LoadResult {
  single: TopologyResult
  cluster: TopologyResult
  /** (b) ÷ (a): sustained rates, and orders per second in the sale */
  ratio: { sustainableRate: number; ordersPerSecond: number; peakOrdersPerSecond: number }
}

/** Why a window did not keep up, or undefined when it did. */
export function fellBehind(w: SaleWindow, maxLagMs: number): string | undefined {
  if (w.errors) return `${w.errors} shoppers failed (${w.firstError})`
  if (w.lost) return `${w.lost} paid carts without an order`
  if (w.paidPerSecond < 0.9 * w.rate) return `payments ${w.paidPerSecond}/s`
  if (w.ordersPerSecond < 0.9 * w.rate) return `orders ${w.ordersPerSecond}/s`
  if (w.lagP99Ms > maxLagMs) return `payment → order p99 ${w.lagP99Ms} ms`
  return undefined
}

const describe = (w: SaleWindow) =>
  `${w.rate}/s for ${w.seconds} s: ${w.paid} paid, ${w.orders} orders, ${w.ordersPerSecond} orders/s, ` +
  `payment → order p50 ${w.lagP50Ms} ms p99 ${w.lagP99Ms} ms, ${w.callsPerOrder.all} Platega calls/order, ` +
  `duplicates ${w.duplicates}, lost ${w.lost}`

async function topology(
  name: string,
  cluster: { servers: number; workers: number; redis: BenchRedis } | undefined,
  o: LoadOptions,
): Promise<TopologyResult> {
  const { say } = o
  say(`\nload: ${name}`)
  const booted = Date.now()
  const stack = await startStack({
    say,
    name: cluster ? "cluster" : "single",
    countCalls: true,
    cluster: cluster && { ...cluster, redisUrl: cluster.redis.url },
  })
  const bootSeconds = Math.round((Date.now() - booted) / 1000)
  const urls = stack.servers.map((s) => s.url)
  // Two deliveries of every callback at once: to each server, or twice to the only one.
  const fanOut = await startFanOut(urls.length > 1 ? urls : [urls[0], urls[0]])
  try {
    await stack.sandbox.control("PUT", "/callback-url", { url: `${fanOut.url}/hooks/platega` })
    const sale: Sale = openSale(stack, cluster?.redis)
    // What Redis does for an idle store: the part of "Redis commands per order" no order causes.
    let redisIdleCommandsPerSecond: number | undefined
    if (cluster) {
      const before = await cluster.redis.commands()
      await new Promise((r) => setTimeout(r, 5000))
      redisIdleCommandsPerSecond = Math.round(((await cluster.redis.commands()) - before) / 5)
    }
    // Warm-up: every server's first checkouts load code paths and fill caches.
    await runSaleWindow(sale, 1, 2 * urls.length + 2, o.drainSeconds)
    const steps: SaleWindow[] = []
    let sustainable = 0
    if (o.rate === undefined) {
      // Up from the first rate while windows keep up; down from it if the first falls behind.
      let direction: "up" | "down" | undefined
      for (let rate = o.startRate, n = 0; n < 10 && rate >= 0.1; n++) {
        const w = await runSaleWindow(sale, rate, o.stepSeconds, o.drainSeconds)
        steps.push(w)
        const behind = fellBehind(w, o.maxLagMs)
        say(`  step ${describe(w)}${behind ? ` — behind: ${behind}` : ""}`)
        if (!behind) sustainable = Math.max(sustainable, rate)
        if (behind ? direction === "up" : direction === "down") break
        direction ??= behind ? "down" : "up"
        rate = round(behind ? rate / o.growth : rate * o.growth, 2)
      }
    }
    const saleRate = sustainable || o.startRate
    const w = await runSaleWindow(sale, saleRate, o.seconds, o.drainSeconds)
    const saleBehind = fellBehind(w, o.maxLagMs)
    say(`  sale ${describe(w)}${saleBehind ? ` — behind: ${saleBehind}` : ""}`)
    if (o.rate !== undefined && !saleBehind) sustainable = o.rate
    return {
      name,
      instances:
        stack.instances.length === 1
          ? "1"
          : `${urls.length} servers + ${stack.instances.length - urls.length} workers`,
      bootSeconds,
      steps,
      sustainableRate: sustainable,
      saleBehind,
      redisIdleCommandsPerSecond,
      peakOrdersPerSecond: Math.max(w.ordersPerSecond, ...steps.map((s) => s.ordersPerSecond)),
      sale: w,
    }
  } finally {
    await fanOut.close()
    await stack.stop()
  }
}

export async function benchLoad(o: LoadOptions): Promise<LoadResult> {
  const single = await topology("(a) one instance, Medusa's in-process modules", undefined, o)
  const redis = await benchRedis()
  let cluster: TopologyResult
  try {
    o.say(`Redis: ${redis.url.replace(/\/\/[^@]*@/, "//")}`)
    cluster = await topology(
      "(b) 2 servers + 2 workers, Medusa's Redis modules",
      { servers: 2, workers: 2, redis },
      o,
    )
  } finally {
    await redis.release()
  }
  const r = (b: number, a: number) => (a ? round(b / a, 2) : NaN)
  return {
    single,
    cluster,
    ratio: {
      sustainableRate: r(cluster.sustainableRate, single.sustainableRate),
      ordersPerSecond: r(cluster.sale.ordersPerSecond, single.sale.ordersPerSecond),
      peakOrdersPerSecond: r(cluster.peakOrdersPerSecond, single.peakOrdersPerSecond),
    },
  }
}
