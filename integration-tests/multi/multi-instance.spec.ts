// The plugin on Medusa's production topology: two `server` instances (behind a load balancer) and
// two `worker` instances, on one PostgreSQL database and one Redis, with the Redis event bus,
// workflow engine, locking and cache (medusa-config.ts with REDIS_URL). `npm test` provides the
// Redis as PLATEGA_TEST_REDIS_URL (its own redis-server on a free port) and skips this spec, saying
// why, when there is none.
import { randomBytes, randomUUID } from "node:crypto"
import os from "node:os"
import path from "node:path"
import axios, { type AxiosInstance } from "axios"
import { parseExpression } from "cron-parser"
import { Client } from "pg"
import { ADMIN, PRODUCTS } from "../../demo/seed-data"
import { startSandbox, type RunningSandbox } from "platega-sandbox"
import { CARD, SBP, completeCart, createCart, startPayment } from "../helpers/checkout"
import type { StoreFixture } from "../helpers/store"
import { setPlan, startSubscription } from "../helpers/subscriptions"
import { createDatabase, medusa, startInstance, type Instance } from "./support/cluster"
import { startFanOut, type FanOut } from "./support/fan-out"

jest.setTimeout(600_000)

const REDIS_URL = process.env.PLATEGA_TEST_REDIS_URL
const CHECKOUTS = 50
const CONCURRENCY = 8
/** The reconciliation job's schedule in this spec: every 2 seconds (Medusa's cron has seconds). */
const SCHEDULE = "*/2 * * * * *"
const TICK_MS = 2000
const MIN_AGE_MS = 15_000
/** The checkouts' product (kopecks in its price), and another one sold by subscription. */
const CHECKOUT_PRODUCT = PRODUCTS.find((p) => !Number.isInteger(p.price)) ?? PRODUCTS[0]
const SUBSCRIBED = PRODUCTS.find((p) => p !== CHECKOUT_PRODUCT)!
const MONTHLY = { interval: "month", interval_count: 1 }
/** The merchant an admin switches to in Settings → Platega, on a sandbox of its own. */
const SECOND = {
  merchantId: randomUUID(),
  secret: `second-secret-${randomBytes(6).toString("hex")}`,
  payoutKey: `second-payout-${randomBytes(6).toString("hex")}`,
}

if (!REDIS_URL) {
  console.warn("multi-instance spec skipped: PLATEGA_TEST_REDIS_URL is not set (npm test sets it)")
}

interface JobRunRow {
  tick: Date
  status: string
  detail: string | null
  instance: string
  started_at: Date
  finished_at: Date | null
}

;(REDIS_URL ? describe : describe.skip)("several instances on one database and Redis", () => {
  let sandbox: RunningSandbox
  let dropDatabase: (() => Promise<void>) | undefined
  let db: Client
  let instances: Instance[] = []
  let servers: AxiosInstance[]
  let fanOut: FanOut
  let store: StoreFixture
  let publishableKey: string
  const started = Date.now()

  const sql = async <T>(text: string, values: unknown[] = []): Promise<T[]> =>
    (await db.query(text, values)).rows as T[]

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true, callbackRetryIntervalMs: 1000 })
    const database = await createDatabase(`platega_multi_${process.pid}_${Date.now().toString(36)}`)
    dropDatabase = database.drop
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: REDIS_URL!,
      PLATEGA_BASE_URL: sandbox.url,
      PLATEGA_MERCHANT_ID: sandbox.merchantId,
      PLATEGA_SECRET: sandbox.secret,
      PLATEGA_PAYOUT_KEY: sandbox.payoutKey,
      // Settings → Platega stores the secret encrypted, under the same key on every instance.
      PLATEGA_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
      PLATEGA_RETURN_URL: "http://localhost:8000/return",
      PLATEGA_RECONCILE_SCHEDULE: SCHEDULE,
      // A payment still pending after 15 s is re-read on every tick: the checkouts finish sooner,
      // the slow-Platega test below leaves some pending on purpose.
      PLATEGA_RECONCILE_MIN_AGE_MINUTES: String(MIN_AGE_MS / 60_000),
    }
    await medusa("migrate", ["db:migrate"], env)
    const migrated = Date.now()
    const keyFile = path.join(os.tmpdir(), `platega-multi-key-${process.pid}.txt`)
    await medusa("seed", ["exec", "./demo/seed.ts"], { ...env, DEMO_PUBLISHABLE_KEY_FILE: keyFile })
    const seeded = Date.now()

    const booting = await Promise.allSettled([
      startInstance("server-a", "server", env),
      startInstance("server-b", "server", env),
      startInstance("worker-1", "worker", env),
      startInstance("worker-2", "worker", env),
    ])
    instances = booting.flatMap((b) => (b.status === "fulfilled" ? [b.value] : []))
    const failed = booting.find((b) => b.status === "rejected")
    if (failed) throw (failed as PromiseRejectedResult).reason
    const serverUrls = instances.filter((i) => i.mode === "server").map((i) => i.url)
    servers = serverUrls.map((baseURL) => axios.create({ baseURL }))

    fanOut = await startFanOut(serverUrls)
    await sandbox.control.setCallbackUrl(`${fanOut.url}/hooks/platega`)
    db = new Client({ connectionString: database.url })
    await db.connect()
    const { readFileSync } = await import("node:fs")
    publishableKey = readFileSync(keyFile, "utf8").trim()
    store = await storeFixture(servers[0], publishableKey)
    console.info(
      `multi-instance: migrated in ${seconds(migrated - started)}, seeded in ${seconds(seeded - migrated)}, ` +
        `2 servers and 2 workers booted in ${seconds(Date.now() - seeded)}`,
    )
  })

  afterAll(async () => {
    await Promise.all(instances.map((i) => i.stop()))
    await fanOut?.close()
    await sandbox?.stop()
    await db?.end().catch(() => undefined)
    await dropDatabase?.().catch(() => undefined)
    console.info(`multi-instance: spec took ${seconds(Date.now() - started)}`)
  })

  it(`${CHECKOUTS} checkouts with every callback delivered to both servers at once: one order and one captured payment each`, async () => {
    const t0 = Date.now()
    const checkouts: { cartId: string; transactionId: string }[] = []
    const checkout = async (i: number) => {
      // The shopper's requests land on either server; the callback reaches both.
      const api = servers[i % 2]
      const other = servers[(i + 1) % 2]
      const cartId = await createCart(api, store)
      const provider = Math.floor(i / 2) % 2 ? CARD : SBP
      const session = await startPayment(api, store, cartId, provider)
      const transactionId = session.data.transaction_id
      checkouts.push({ cartId, transactionId })
      const pay = () => sandbox.control.confirm(transactionId)
      // The shopper returns never (the callback alone makes the order), at the same moment as the
      // callback, or after it.
      if (i % 3 === 1) await Promise.all([pay(), completeCart(other, store, cartId)])
      else {
        await pay()
        if (i % 3 === 2) await completeCart(other, store, cartId)
      }
    }
    for (let i = 0; i < CHECKOUTS; i += CONCURRENCY) {
      const batch = Array.from({ length: Math.min(CONCURRENCY, CHECKOUTS - i) }, (_, k) => i + k)
      await Promise.all(batch.map(checkout))
    }
    const shopped = Date.now()

    const cartIds = checkouts.map((c) => c.cartId)
    const transactionIds = checkouts.map((c) => c.transactionId)
    const outcome = () =>
      sql<{ cart_id: string; orders: number; captured: number }>(
        `select c.id as cart_id,
           (select count(*)::int from order_cart oc
             where oc.cart_id = c.id and oc.deleted_at is null) as orders,
           (select count(*)::int from cart_payment_collection cpc
             join payment p on p.payment_collection_id = cpc.payment_collection_id
             where cpc.cart_id = c.id and cpc.deleted_at is null and p.deleted_at is null
               and p.captured_at is not null) as captured
         from cart c where c.id = any($1)`,
        [cartIds],
      )
    const callbacks = () =>
      sql<{ platega_id: string; deliveries: number; outcome: string }>(
        `select platega_id, deliveries, outcome from platega_callback_event
         where kind = 'transaction' and platega_id = any($1) and deleted_at is null`,
        [transactionIds],
      )
    // Callbacks are processed by the workers in the background: wait until all are.
    const deadline = Date.now() + 120_000
    for (;;) {
      await sandbox.control.waitForCallbacks(30_000)
      const [rows, events] = await Promise.all([outcome(), callbacks()])
      const settled =
        rows.every((r) => r.orders > 0) &&
        events.length === CHECKOUTS &&
        events.every((e) => e.outcome !== "pending")
      if (settled || Date.now() > deadline) break
      await new Promise((r) => setTimeout(r, 500))
    }
    const settled = Date.now()
    // Duplicate deliveries still queued would show now as second orders or payments: they have no
    // signal of their own, so nothing showing within this window is the assertion.
    await new Promise((r) => setTimeout(r, 3000))

    const rows = await outcome()
    const events = await callbacks()
    const [{ orders }] = await sql<{ orders: number }>(
      `select count(*)::int as orders from "order" where deleted_at is null`,
    )
    const captured = rows.reduce((n, r) => n + r.captured, 0)
    console.info(
      `multi-instance: ${CHECKOUTS} checkouts made in ${seconds(shopped - t0)}, all processed ${seconds(settled - shopped)} later; ` +
        `${fanOut.received()} callbacks each delivered to both servers (answers ${JSON.stringify(fanOut.answers())}); ` +
        `${orders} orders, ${captured} captured payments; ` +
        `callback records ${events.length}, deliveries counted ${events.reduce((n, e) => n + e.deliveries, 0)}`,
    )

    expect(rows).toHaveLength(CHECKOUTS)
    expect(rows.filter((r) => r.orders !== 1 || r.captured !== 1)).toEqual([])
    expect(orders).toBe(CHECKOUTS)
    // Every callback reached both servers, and was recorded once.
    expect(events).toHaveLength(CHECKOUTS)
    expect(events.filter((e) => e.deliveries < 2)).toEqual([])
    expect(events.filter((e) => e.outcome !== "captured")).toEqual([])
    for (const answers of fanOut.answers()) expect(Object.keys(answers)).toEqual(["200"])
  })

  it("reconciliation runs once per tick on two workers, and a run still going makes the next tick skip", async () => {
    // Pending payments and a slow Platega make one run longer than the 2 s between ticks, so the
    // other worker is handed the next tick while the first still runs.
    for (let i = 0; i < 8; i++) {
      const api = servers[i % 2]
      await startPayment(api, store, await createCart(api, store), i % 2 ? CARD : SBP)
    }
    // The job takes only payments older than MIN_AGE_MS: their age is the condition.
    await new Promise((r) => setTimeout(r, MIN_AGE_MS))
    await sandbox.control.setFaults({ latencyMs: 1500 })
    const windowStart = new Date()
    // The slow window, 8 ticks of the wall clock the schedulers run on: it is what is measured.
    await new Promise((r) => setTimeout(r, 8 * TICK_MS))
    const windowEnd = new Date()
    await sandbox.control.setFaults({})
    // Up to the window's end: the last ticks' skips are written after a wait for the lock.
    const runs = () =>
      sql<JobRunRow>(
        `select tick, status, detail, instance, started_at, finished_at from platega_job_run
         where job = 'platega-reconcile' and deleted_at is null and tick <= $1 order by tick`,
        [windowEnd],
      )
    const expected = ticksBetween(windowStart, windowEnd)
    const inWindowOf = (rows: JobRunRow[]) =>
      rows.filter((r) => r.tick >= windowStart && r.tick <= windowEnd)
    // Every tick of the window has its row, and no run is still going.
    const deadline = Date.now() + 30_000
    for (;;) {
      const rows = await runs()
      const done =
        inWindowOf(rows).length >= expected.length && !rows.some((r) => r.status === "running")
      if (done || Date.now() > deadline) break
      await new Promise((r) => setTimeout(r, 250))
    }

    const rows = await runs()
    const inWindow = inWindowOf(rows)
    const count = (status: string) => rows.filter((r) => r.status === status).length
    console.info(
      `multi-instance: reconciliation ${rows.length} ticks handled from boot to the window's end: ` +
        `${count("succeeded")} runs, ${count("skipped")} skipped (a run still going), ${count("failed")} failed; ` +
        `in the slow window ${inWindow.length} of ${expected.length} ticks by ` +
        `${new Set(inWindow.map((r) => r.instance)).size} workers`,
    )

    // One row per tick (the unique key), never a second run of a tick.
    expect(new Set(rows.map((r) => r.tick.getTime())).size).toBe(rows.length)
    // Runs never overlap, on whichever worker they ran.
    const ran = rows
      .filter((r) => r.status === "succeeded" || r.status === "failed")
      .sort((a, b) => a.started_at.getTime() - b.started_at.getTime())
    const overlaps = ran.slice(1).filter((r, i) => r.started_at < ran[i].finished_at!)
    expect(overlaps).toEqual([])
    expect(count("failed")).toBe(0)
    expect(count("running")).toBe(0)
    // Every tick of the slow window was handled exactly once: run, or skipped because one was going.
    expect(inWindow.map((r) => r.tick.toISOString())).toEqual(expected.map((t) => t.toISOString()))
    expect(inWindow.some((r) => r.status === "skipped")).toBe(true)
    expect(inWindow.some((r) => r.status === "succeeded")).toBe(true)
    expect(new Set(inWindow.map((r) => r.instance)).size).toBe(2)
  })

  it("a subscription charge callback delivered to both servers makes one renewal order", async () => {
    const admin = await adminLogin(servers[0])
    const plan = await storeFixture(servers[0], publishableKey, SUBSCRIBED)
    expect((await setPlan(servers[0], admin, plan.variantId, MONTHLY)).status).toBe(200)
    const since = new Date()
    // The shopper's checkout on one server, the bind page's callbacks to both.
    const { subscriptionId } = await startSubscription(servers[1], plan)
    await sandbox.control.bindSubscription(subscriptionId, { email: "payer@example.com" })
    const charges = () =>
      sql<{ platega_id: string; kind: string | null; order_id: string | null }>(
        `select c.platega_id, c.kind, c.order_id from platega_subscription_charge c
         join platega_subscription s on s.id = c.subscription_id
         where s.platega_id = $1 and c.deleted_at is null`,
        [subscriptionId.toLowerCase()],
      )
    const waitForOrders = async (n: number) => {
      const deadline = Date.now() + 60_000
      while (Date.now() < deadline) {
        await sandbox.control.waitForCallbacks(30_000)
        if ((await charges()).filter((c) => c.order_id).length >= n) return
        await new Promise((r) => setTimeout(r, 250))
      }
    }
    await waitForOrders(1)
    const RENEWALS = 3
    for (let i = 0; i < RENEWALS; i++) {
      await sandbox.control.chargeSubscription(subscriptionId, "success")
    }
    await waitForOrders(1 + RENEWALS)
    // Duplicate deliveries still queued would show now as second orders: they have no signal of
    // their own, so nothing showing within this window is the assertion.
    await new Promise((r) => setTimeout(r, 3000))

    const rows = await charges()
    const [{ orders }] = await sql<{ orders: number }>(
      `select count(*)::int as orders from "order" where deleted_at is null and created_at >= $1`,
      [since],
    )
    const events = await sql<{ deliveries: number; outcome: string }>(
      `select deliveries, outcome from platega_callback_event
       where kind = 'subscription_charge' and deleted_at is null and created_at >= $1`,
      [since],
    )
    console.info(
      `multi-instance: subscription with ${rows.length} charges (${RENEWALS} renewals), ${orders} orders; ` +
        `charge callbacks recorded ${events.length}, deliveries ${events.reduce((n, e) => n + e.deliveries, 0)}`,
    )
    expect(rows).toHaveLength(1 + RENEWALS)
    expect(rows.filter((c) => c.kind === "first")).toHaveLength(1)
    expect(rows.filter((c) => c.kind === "renewal")).toHaveLength(RENEWALS)
    expect(new Set(rows.map((c) => c.order_id)).size).toBe(1 + RENEWALS)
    expect(rows.filter((c) => !c.order_id)).toEqual([])
    expect(orders).toBe(1 + RENEWALS)
    // Each charge callback reached both servers and was recorded once.
    expect(events).toHaveLength(1 + RENEWALS)
    expect(events.filter((e) => e.deliveries < 2)).toEqual([])
  })

  // Last: it points the store at another merchant.
  it("a settings change made through one server's admin API is used by a checkout on the other within 5 s", async () => {
    const second = await startSandbox({ port: 0, quiet: true, ...SECOND })
    try {
      await second.control.setCallbackUrl(`${fanOut.url}/hooks/platega`)
      const admin = await adminLogin(servers[0])
      const saved = await servers[0].post(
        "/admin/platega/settings",
        { base_url: second.url, merchant_id: SECOND.merchantId, secret: SECOND.secret },
        admin,
      )
      expect(saved.status).toBe(200)
      const savedAt = Date.now()
      // Checkouts on the other server until one reaches the second merchant.
      let reached: { transactionId: string; cartId: string; ms: number } | undefined
      let attempts = 0
      while (!reached && Date.now() - savedAt < 10_000) {
        attempts++
        const cartId = await createCart(servers[1], store)
        const session = await startPayment(servers[1], store, cartId, SBP)
        const transactionId = session.data.transaction_id
        if (await second.control.getTransaction(transactionId).catch(() => undefined)) {
          reached = { transactionId, cartId, ms: Date.now() - savedAt }
        }
      }
      console.info(
        `multi-instance: a checkout on server B reached the merchant saved on server A ` +
          `${reached ? `${reached.ms} ms after the save (attempt ${attempts})` : "never"}`,
      )
      expect(reached).toBeDefined()
      expect(reached!.ms).toBeLessThanOrEqual(5000)

      // Both servers verify the new merchant's callback: one order, whichever answers.
      await second.control.confirm(reached!.transactionId)
      const deadline = Date.now() + 60_000
      let orders = 0
      while (Date.now() < deadline && orders === 0) {
        await second.control.waitForCallbacks(30_000)
        ;[{ orders }] = await sql<{ orders: number }>(
          `select count(*)::int as orders from order_cart where cart_id = $1 and deleted_at is null`,
          [reached!.cartId],
        )
        if (!orders) await new Promise((r) => setTimeout(r, 250))
      }
      expect(orders).toBe(1)
      const log = await second.control.callbackLog()
      expect(log.length).toBeGreaterThan(0)
      expect(log.every((e) => e.status === 200)).toBe(true)
    } finally {
      await second.stop()
    }
  })
})

/** What a storefront knows about the seeded demo shop, read through the store API. */
async function storeFixture(
  api: AxiosInstance,
  publishableKey: string,
  product: (typeof PRODUCTS)[number] = CHECKOUT_PRODUCT,
): Promise<StoreFixture> {
  const headers = { "x-publishable-api-key": publishableKey }
  const {
    data: { regions },
  } = await api.get("/store/regions", { headers })
  const {
    data: { products },
  } = await api.get(`/store/products?handle=${product.handle}&fields=*variants`, { headers })
  const region = regions.find((r: { currency_code: string }) => r.currency_code === "rub")
  const variant = products[0].variants.find((v: { sku: string }) => v.sku === product.sku)
  return { headers, regionId: region.id, variantId: variant.id, price: product.price }
}

/** Headers of an admin logged in with the demo seed's admin user (e-mail and password). */
async function adminLogin(api: AxiosInstance): Promise<{ headers: Record<string, string> }> {
  const { data } = await api.post("/auth/user/emailpass", ADMIN)
  return { headers: { authorization: `Bearer ${data.token}` } }
}

/** The schedule's ticks in [from, to]. */
function ticksBetween(from: Date, to: Date): Date[] {
  const ticks: Date[] = []
  const it = parseExpression(SCHEDULE, { currentDate: new Date(from.getTime() - 1) })
  for (let t = it.next().toDate(); t <= to; t = it.next().toDate()) ticks.push(t)
  return ticks
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`
}
