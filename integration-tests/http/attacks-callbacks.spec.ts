import { randomUUID } from "node:crypto"
import net from "node:net"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { adminHeaders } from "../helpers/admin"
import { callbackLog, chargeCallbackFor, postCallback } from "../helpers/callbacks"
import { eventually } from "../helpers/checkout"
import { reconcile } from "../helpers/reconcile"
import { callbackUrl, useSandbox } from "../helpers/sandbox"
import { seedStore } from "../helpers/store"
import { activeSubscription, setPlan, subscriptionState } from "../helpers/subscriptions"
import retentionJob from "../../src/jobs/platega-callback-retention"
import { PLATEGA_MODULE, type PlategaModuleService } from "../../src/modules/platega"

jest.setTimeout(120_000)

// Small budgets so that a flood exceeds them within a few requests.
const STORE_PER_MINUTE = 10
const CLIENT_PER_MINUTE = 3
process.env.PLATEGA_UNAUTHENTICATED_CALLBACKS_PER_MINUTE = String(STORE_PER_MINUTE)
process.env.PLATEGA_UNAUTHENTICATED_CALLBACKS_PER_CLIENT_PER_MINUTE = String(CLIENT_PER_MINUTE)

const sandbox = useSandbox()

/**
 * The store runs behind one reverse proxy (Medusa trusts one hop): the client address is the one
 * that proxy appends to X-Forwarded-For.
 */
const from = (address: string) => ({ "x-forwarded-for": address })

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    const platega = () => getContainer().resolve<PlategaModuleService>(PLATEGA_MODULE)
    const record = async (plategaId: string) =>
      (await callbackLog(getContainer())).find((c) => c.platega_id === plategaId)

    it("a flood of header-less callbacks from one address does not starve Platega's", async () => {
      const flood = await Promise.all(
        Array.from({ length: 3 * STORE_PER_MINUTE }, () =>
          postCallback(api, sandbox(), chargeCallbackFor(), from("203.0.113.7")),
        ),
      )
      expect(flood.every((r) => r.status === 200 || r.status === 429)).toBe(true)
      // At most the address's share (twice, should a minute turn meanwhile).
      expect(flood.filter((r) => r.status === 200).length).toBeLessThanOrEqual(
        2 * CLIENT_PER_MINUTE,
      )
      const refused = flood.find((r) => r.status === 429)!
      expect(refused.data.message).toContain("address")

      // Platega's own header-less charge, from another address: accepted and processed.
      const genuine = chargeCallbackFor()
      const res = await postCallback(api, sandbox(), genuine, from("198.51.100.20"))
      expect(res.status).toBe(200)
      const processed = await eventually(
        () => record(genuine.Id),
        (r) => !!r && r.outcome !== "pending",
      )
      expect(processed).toMatchObject({ authenticated: false, outcome: "ignored" })
      // Processed means confirmed by Platega's own read (the sandbox does not know this charge).
      expect(processed!.detail).toContain("Platega does not know transaction")
    })

    it("of a header-less body only its ids and status are kept", async () => {
      const body = chargeCallbackFor(randomUUID(), {
        Status: "CONFIRMED",
        Payload: "x".repeat(10_000),
        Injected: { html: "<script>alert(1)</script>", nested: [1, 2, 3] },
      })
      const res = await postCallback(api, sandbox(), body, from("192.0.2.55"))
      expect(res.status).toBe(200)
      const stored = await record(body.Id)
      expect(stored!.body).toEqual({
        Id: body.Id,
        Status: "CONFIRMED",
        SubscriptionId: body.SubscriptionId,
      })
      expect(JSON.stringify(stored!.body).length).toBeLessThan(200)
    })

    it("the retention job deletes old callback rows and keeps recent ones and cases", async () => {
      const pg = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
      const make = async (authenticated: boolean, ageDays: number, outcome = "captured") => {
        const id = randomUUID()
        const saved = await platega().recordCallback({
          kind: authenticated ? "transaction" : "subscription_charge",
          platega_id: id,
          status: "CONFIRMED",
          body: { id },
          authenticated,
        })
        await pg.raw(
          `update platega_callback_event
              set outcome = ?, created_at = now() - make_interval(days => ?)
            where id = ?`,
          [outcome, ageDays, saved.id],
        )
        return saved.id
      }
      // Defaults: 90 days for authenticated callbacks, 30 for the rest; flagged cases stay.
      const oldAuthenticated = await Promise.all([100, 120, 365].map((d) => make(true, d)))
      const recentAuthenticated = await make(true, 60)
      const oldUnauthenticated = await make(false, 31, "ignored")
      const recentUnauthenticated = await make(false, 5, "ignored")
      const oldCase = await make(true, 400, "flagged")

      await retentionJob(getContainer())

      const left = new Set((await callbackLog(getContainer())).map((c) => c.id))
      for (const id of [...oldAuthenticated, oldUnauthenticated]) expect(left.has(id)).toBe(false)
      for (const id of [recentAuthenticated, recentUnauthenticated, oldCase]) {
        expect(left.has(id)).toBe(true)
      }
    })

    /**
     * The budget is counted in minute windows: waits until a flood and what follows it fit in one,
     * away from the store's own reconciliation job (every 5 minutes, on the minute).
     */
    async function quietMinute() {
      const quiet = () => {
        const now = new Date()
        return now.getSeconds() <= 40 && now.getMinutes() % 5 !== 0
      }
      while (!quiet()) await new Promise((r) => setTimeout(r, 250))
    }

    // Last two: they spend this minute's budget.
    it("a flood from several addresses spends the store's budget; Platega's renewal charge without headers still gets 200 at once and its order", async () => {
      const store = await seedStore(getContainer())
      const admin = await adminHeaders(getContainer())
      const monthly = { interval: "month", interval_count: 1 }
      expect((await setPlan(api, admin, store.variantId, monthly)).status).toBe(200)
      await sandbox().control.setCallbackUrl(callbackUrl(api))
      await sandbox().control.configure({ chargeCallbacksWithoutHeaders: true })
      try {
        const { subscriptionId } = await activeSubscription(api, getContainer(), store, sandbox())
        await quietMinute()
        // Unknown callers, each within its address's share, spend the store's budget.
        const flood = await Promise.all(
          Array.from({ length: 3 * STORE_PER_MINUTE }, (_, i) =>
            postCallback(api, sandbox(), chargeCallbackFor(), from(`198.18.0.${i + 1}`)),
          ),
        )
        const spent = flood.filter((r) => r.status === 429)
        expect(spent.length).toBeGreaterThan(0)
        expect(spent.every((r) => r.data.message.includes("for this store"))).toBe(true)

        // Platega charges the subscription and sends the charge without the merchant headers.
        await sandbox().control.chargeSubscription(subscriptionId, "success")
        const charge = (await sandbox().control.getSubscription(subscriptionId))!.chargeIds.at(-1)!
        const delivered = await eventually(
          async () =>
            (await sandbox().control.callbackLog()).filter(
              (e) => e.kind === "subscription.charge" && e.body.includes(charge),
            ),
          (entries) => entries.some((e) => e.status !== null),
        )
        expect(delivered.map((e) => [e.attempt, e.status])).toEqual([[1, 200]])
        const renewed = await eventually(
          () => subscriptionState(getContainer(), subscriptionId),
          (s) => s.charges.some((c) => c.platega_id === charge.toLowerCase() && !!c.order_id),
        )
        const order = renewed.charges.find((c) => c.platega_id === charge.toLowerCase())!.order_id
        expect(renewed.orders.map((o) => o.id)).toContain(order)

        // Still the same minute: unknown callers are still refused.
        const after = await postCallback(api, sandbox(), chargeCallbackFor(), from("198.18.1.1"))
        expect(after.status).toBe(429)
      } finally {
        await sandbox().control.configure({ chargeCallbacksWithoutHeaders: false })
        await sandbox().control.setCallbackUrl(null)
        await setPlan(api, admin, store.variantId, null)
      }
    })

    it("a retry of a header-less callback draws on the budget like its first delivery", async () => {
      // Flood and retry within one minute, away from the reconciliation job, which would retry
      // the callback below before the flood.
      await quietMinute()
      const pg = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
      const body = chargeCallbackFor()
      const saved = await platega().recordCallback({
        kind: "subscription_charge",
        platega_id: body.Id,
        status: body.Status,
        body: {},
        authenticated: false,
      })
      // Its processing failed a minute ago: the reconciliation job's retry would read Platega.
      await pg.raw(
        `update platega_callback_event
            set outcome = 'failed', created_at = now() - interval '1 minute' where id = ?`,
        [saved.id],
      )
      // The store's budget spent by many addresses within their own shares.
      const flood = await Promise.all(
        Array.from({ length: 3 * STORE_PER_MINUTE }, (_, i) =>
          postCallback(api, sandbox(), chargeCallbackFor(), from(`192.0.2.${i + 1}`)),
        ),
      )
      expect(flood.filter((r) => r.status === 429).length).toBeGreaterThan(0)

      const report = await reconcile(getContainer())
      expect(report.callbacksRetried).toBe(0)
      const [row] = await platega().listPlategaCallbackEvents({ id: saved.id })
      expect(row).toMatchObject({ outcome: "failed", attempts: 0 })
    })

    it("an over-limit body gets 413 and the connection is closed before it is all sent", async () => {
      const { hostname, port } = new URL(api.defaults.baseURL!)
      const declared = 50 * 1024 * 1024
      const socket = net.connect({ host: hostname, port: Number(port) })
      await new Promise<void>((resolve, reject) => {
        socket.once("connect", resolve)
        socket.once("error", reject)
      })
      let answer = ""
      socket.on("data", (chunk) => (answer += chunk.toString("latin1")))
      socket.on("error", () => undefined)
      const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()))
      socket.write(
        `POST /hooks/platega HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${declared}\r\n\r\n`,
      )
      // A part of the body, more than the limit; the rest is never sent.
      let sent = 0
      const chunk = Buffer.alloc(16 * 1024, 0x20)
      while (sent < 128 * 1024) {
        socket.write(chunk)
        sent += chunk.length
      }
      const outcome = await Promise.race([
        closed.then(() => "closed" as const),
        new Promise<"open">((r) => setTimeout(() => r("open"), 10_000)),
      ])
      socket.destroy()
      expect(outcome).toBe("closed")
      expect(sent).toBeLessThan(declared)
      expect(answer).toMatch(/^HTTP\/1\.1 413 /)
      expect(answer.toLowerCase()).toContain("connection: close")
    })
  },
})
