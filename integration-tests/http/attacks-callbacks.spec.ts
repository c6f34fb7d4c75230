import { randomUUID } from "node:crypto"
import net from "node:net"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { callbackLog, chargeCallbackFor, postCallback } from "../helpers/callbacks"
import { eventually } from "../helpers/checkout"
import { reconcile } from "../helpers/reconcile"
import { useSandbox } from "../helpers/sandbox"
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

    // Last: it spends this minute's budget.
    it("a retry of a header-less callback draws on the budget like its first delivery", async () => {
      // The budget is counted in minute windows: flood and retry within one. And away from the
      // store's own reconciliation job (every 5 minutes, on the minute), which would retry the
      // callback below before the flood.
      const quiet = () => {
        const now = new Date()
        return now.getSeconds() <= 40 && now.getMinutes() % 5 !== 0
      }
      while (!quiet()) await new Promise((r) => setTimeout(r, 250))
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
