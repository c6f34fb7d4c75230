import axios, { type AxiosInstance } from "axios"
import http from "node:http"
import {
  CARD,
  SBP,
  completeCart,
  createCart,
  startPayment,
} from "../../integration-tests/helpers/checkout"
import { processCpuMs } from "./medusa"
import type { BenchRedis } from "./redis"
import type { Stack } from "./stack"
import { percentile, round } from "./stats"

/**
 * One window of a sale: shoppers arrive at a steady rate (open loop: a slow store does not slow
 * the arrivals), each builds a cart on one server, starts a Platega payment (SBP and card in
 * turn) and pays at the sandbox, which sends the callback (delivered twice by the benchmark's
 * fan-out). One shopper in five completes the cart on another server at the same moment as the
 * callback; the others never come back, so the callback alone makes their order. After the
 * arrivals, the window drains: it waits until every paid cart has its order (or the drain time is
 * up), then a little longer for duplicate deliveries still queued, and counts.
 */

export interface SaleWindow {
  /** shoppers started per second */
  rate: number
  seconds: number
  /** shoppers that reached payment, and the payments per second they made */
  paid: number
  paidPerSecond: number
  orders: number
  /** orders per second between the window's first and last order */
  ordersPerSecond: number
  /** payment (the sandbox marking the transaction paid) → order */
  lagP50Ms: number
  lagP99Ms: number
  /** the shopper's cart, shipping and payment session, before paying */
  checkoutP50Ms: number
  checkoutP99Ms: number
  /** Platega calls per paid order: all, SBP, card; and every call by route */
  callsPerOrder: { all: number; sbp: number; card: number }
  callsByRoute: Record<string, number>
  /** extra orders or captured payments of one cart; paid carts without an order after the drain */
  duplicates: number
  lost: number
  /** shoppers whose requests failed (the first error kept) */
  errors: number
  firstError?: string
  /** CPU of every Medusa instance per order, ms; and of each instance, by name */
  medusaCpuMsPerOrder: number
  medusaCpuMsPerOrderByInstance: Record<string, number>
  /** this store's database: transactions and rows written per order, its backends' CPU per order */
  postgres: { transactionsPerOrder: number; rowsWrittenPerOrder: number; cpuMsPerOrder: number }
  /** commands the Redis server processed per order (all its clients), when there is one */
  redisCommandsPerOrder?: number
  /** seconds from the last arrival until every order was there */
  drainSeconds: number
}

export interface Sale {
  stack: Stack
  redis?: BenchRedis
  /** one storefront client per server, with its own keep-alive agent */
  apis: AxiosInstance[]
  /** shoppers started so far (their number picks server, method and who returns) */
  next: number
}

export function openSale(stack: Stack, redis?: BenchRedis): Sale {
  const apis = stack.servers.map((s) =>
    axios.create({ baseURL: s.url, httpAgent: new http.Agent({ keepAlive: true }) }),
  )
  return { stack, redis, apis, next: 0 }
}

interface Shopper {
  cartId: string
  paidAt: number
  checkoutMs: number
  sbp: boolean
}

async function shop(sale: Sale, i: number): Promise<Shopper> {
  const { stack, apis } = sale
  const api = apis[i % apis.length]
  const other = apis[(i + 1) % apis.length]
  const sbp = i % 2 === 0
  const started = Date.now()
  const cartId = await createCart(api, stack.store)
  const session = await startPayment(api, stack.store, cartId, sbp ? SBP : CARD)
  const tx = session.data.transaction_id
  stack.calls?.methodOf(tx, sbp ? 2 : 11)
  const paidAt = Date.now()
  const pay = stack.sandbox.control("POST", `/transactions/${tx}/confirm`)
  if (i % 5 === 2) await Promise.all([pay, completeCart(other, stack.store, cartId)])
  else await pay
  return { cartId, paidAt, checkoutMs: paidAt - started, sbp }
}

interface CartRow {
  cart_id: string
  orders: number
  captured: number
  first_order_at: Date | null
}

function outcome(stack: Stack, cartIds: string[]): Promise<CartRow[]> {
  return stack.db
    .query<CartRow>(
      `select c.id as cart_id,
         (select count(*)::int from order_cart oc
           where oc.cart_id = c.id and oc.deleted_at is null) as orders,
         (select min(o.created_at) from order_cart oc join "order" o on o.id = oc.order_id
           where oc.cart_id = c.id and oc.deleted_at is null) as first_order_at,
         (select count(*)::int from cart_payment_collection cpc
           join payment p on p.payment_collection_id = cpc.payment_collection_id
           where cpc.cart_id = c.id and cpc.deleted_at is null and p.deleted_at is null
             and p.captured_at is not null) as captured
       from cart c where c.id = any($1)`,
      [cartIds],
    )
    .then((r) => r.rows)
}

interface Meters {
  medusaCpuMs: number
  byInstance: Record<string, number>
  pg: { xacts: number; rows: number; backends: Map<number, number> }
  redisCommands?: number
  calls: ReturnType<NonNullable<Stack["calls"]>["snapshot"]>
}

async function meters(sale: Sale): Promise<Meters> {
  const { stack } = sale
  const { rows } = await stack.db.query<{ xacts: string; rows: string; pids: number[] }>(
    `select d.xact_commit + d.xact_rollback as xacts,
            d.tup_inserted + d.tup_updated + d.tup_deleted as rows,
            (select array_agg(pid) from pg_stat_activity where datname = current_database()) as pids
       from pg_stat_database d where d.datname = current_database()`,
  )
  return {
    medusaCpuMs: stack.instances.reduce((n, m) => n + m.cpuMs(), 0),
    byInstance: Object.fromEntries(stack.instances.map((m) => [m.name, m.cpuMs()])),
    pg: {
      xacts: Number(rows[0].xacts),
      rows: Number(rows[0].rows),
      backends: new Map((rows[0].pids ?? []).map((pid) => [pid, processCpuMs(pid)])),
    },
    redisCommands: sale.redis ? await sale.redis.commands() : undefined,
    calls: stack.calls?.snapshot() ?? { byMethod: {}, byRoute: {} },
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)))
const diff = (a: Record<string, number>, b: Record<string, number>) =>
  Object.fromEntries(
    Object.keys(b)
      .map((k) => [k, b[k] - (a[k] ?? 0)] as const)
      .filter(([, n]) => n > 0),
  )

export async function runSaleWindow(
  sale: Sale,
  rate: number,
  seconds: number,
  drainSeconds: number,
): Promise<SaleWindow> {
  const { stack } = sale
  const count = Math.max(1, Math.round(rate * seconds))
  const before = await meters(sale)
  const start = Date.now()
  const shoppers: Promise<Shopper>[] = []
  for (let k = 0; k < count; k++) {
    await sleep(start + (k * 1000) / rate - Date.now())
    shoppers.push(shop(sale, sale.next++))
  }
  const settled = await Promise.allSettled(shoppers)
  const arrived = Date.now()
  const paid = settled.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []))
  const failures = settled.flatMap((s) => (s.status === "rejected" ? [s.reason as Error] : []))
  const cartIds = paid.map((p) => p.cartId)

  let rows: CartRow[] = []
  for (const deadline = Date.now() + drainSeconds * 1000; ;) {
    rows = cartIds.length ? await outcome(stack, cartIds) : []
    if (rows.every((r) => r.orders > 0) || Date.now() > deadline) break
    await sleep(250)
  }
  const drained = Date.now()
  // Duplicate deliveries still queued would show now as second orders or payments.
  await sleep(3000)
  rows = cartIds.length ? await outcome(stack, cartIds) : []
  const after = await meters(sale)

  const paidAt = new Map(paid.map((p) => [p.cartId, p.paidAt]))
  const ordered = rows.filter((r) => r.first_order_at)
  const lags = ordered
    .map((r) => r.first_order_at!.getTime() - paidAt.get(r.cart_id)!)
    .sort((a, b) => a - b)
  const orderTimes = ordered.map((r) => r.first_order_at!.getTime()).sort((a, b) => a - b)
  const orderSpan = (orderTimes.at(-1)! - orderTimes[0]) / 1000
  const lastPaid = Math.max(...paid.map((p) => p.paidAt))
  const checkout = paid.map((p) => p.checkoutMs).sort((a, b) => a - b)
  const orders = ordered.length
  const per = (x: number) => (orders ? round(x / orders, 2) : NaN)
  const calls = diff(before.calls.byMethod, after.calls.byMethod)
  const sbpCarts = new Set(paid.filter((p) => p.sbp).map((p) => p.cartId))
  const orderedBy = (sbp: boolean) => ordered.filter((r) => sbpCarts.has(r.cart_id) === sbp)
  const pgCpu = [...after.pg.backends].reduce(
    (n, [pid, ms]) => n + ms - (before.pg.backends.get(pid) ?? 0),
    0,
  )
  return {
    rate,
    seconds,
    paid: paid.length,
    paidPerSecond: round(paid.length / ((lastPaid - start) / 1000 || 1), 2),
    orders,
    ordersPerSecond: orders > 1 ? round((orders - 1) / orderSpan, 2) : 0,
    lagP50Ms: Math.round(percentile(lags, 50)),
    lagP99Ms: Math.round(percentile(lags, 99)),
    checkoutP50Ms: Math.round(percentile(checkout, 50)),
    checkoutP99Ms: Math.round(percentile(checkout, 99)),
    callsPerOrder: {
      all: per(Object.values(calls).reduce((a, b) => a + b, 0)),
      // Each method's calls over that method's orders (shoppers alternate SBP and card).
      sbp: round((calls["2"] ?? 0) / Math.max(1, orderedBy(true).length), 2),
      card: round((calls["11"] ?? 0) / Math.max(1, orderedBy(false).length), 2),
    },
    callsByRoute: diff(before.calls.byRoute, after.calls.byRoute),
    duplicates: rows.reduce(
      (n, r) => n + Math.max(0, r.orders - 1) + Math.max(0, r.captured - 1),
      0,
    ),
    lost: rows.filter((r) => r.orders === 0).length,
    errors: failures.length,
    firstError: failures[0]?.message,
    medusaCpuMsPerOrder: per(after.medusaCpuMs - before.medusaCpuMs),
    medusaCpuMsPerOrderByInstance: Object.fromEntries(
      Object.keys(after.byInstance).map((k) => [
        k,
        per(after.byInstance[k] - (before.byInstance[k] ?? 0)),
      ]),
    ),
    postgres: {
      transactionsPerOrder: per(after.pg.xacts - before.pg.xacts),
      rowsWrittenPerOrder: per(after.pg.rows - before.pg.rows),
      cpuMsPerOrder: per(pgCpu),
    },
    redisCommandsPerOrder:
      after.redisCommands === undefined
        ? undefined
        : per(after.redisCommands - before.redisCommands!),
    drainSeconds: round((drained - arrived) / 1000, 1),
  }
}
