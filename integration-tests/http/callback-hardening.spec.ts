import { randomUUID } from "node:crypto"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import {
  callbackLog,
  chargeCallbackFor,
  postCallback,
  processedCallbacks,
  quietWindow,
  transactionCallbackBody,
} from "../helpers/callbacks"
import { CARD, SBP, cartOutcome, createCart, eventually, startPayment } from "../helpers/checkout"
import { useCountingProxy } from "../helpers/counting-proxy"
import { captureOutput } from "../helpers/output"
import { reconcile } from "../helpers/reconcile"
import { adminHeaders } from "../helpers/admin"
import { caseNotifications, strayTransaction } from "../helpers/attention"
import { callbackUrl, callbacksDelivered, useSandbox } from "../helpers/sandbox"
import { seedStore, type StoreFixture } from "../helpers/store"

jest.setTimeout(120_000)

// A small budget of Platega reads for callbacks without merchant headers, so a flood exceeds it.
const UNAUTHENTICATED_PER_MINUTE = 5
process.env.PLATEGA_UNAUTHENTICATED_CALLBACKS_PER_MINUTE = String(UNAUTHENTICATED_PER_MINUTE)
// All of them come from one address here: its share is the whole budget.
process.env.PLATEGA_UNAUTHENTICATED_CALLBACKS_PER_CLIENT_PER_MINUTE = String(
  UNAUTHENTICATED_PER_MINUTE,
)

const sandbox = useSandbox()
// The store talks to Platega through a proxy that counts its calls.
const proxy = useCountingProxy(sandbox)

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: StoreFixture

    beforeAll(async () => {
      store = await seedStore(getContainer())
    })

    // First, before any shopper has started a payment: the store knows its credentials from boot.
    it("a genuine callback right after boot is accepted, and reconciliation runs", async () => {
      const res = await postCallback(api, sandbox(), {
        id: randomUUID(),
        amount: 1,
        currency: "RUB",
        status: "CONFIRMED",
        payload: "payses_none",
      })
      expect(res.status).toBe(200)
      const report = await reconcile(getContainer(), { minAgeMinutes: 0 })
      expect(report.failures).toBe(0)
    })

    describe("with a shop", () => {
      beforeEach(async () => {
        await sandbox().control.reset()
        await sandbox().control.setCallbackUrl(null)
      })

      async function unpaidCheckout(provider = CARD) {
        const cartId = await createCart(api, store)
        const session = await startPayment(api, store, cartId, provider)
        return { cartId, txId: session.data.transaction_id }
      }

      it("a paid callback costs at most 2 reads of GET /transaction/{id}", async () => {
        const { cartId, txId } = await unpaidCheckout()
        await sandbox().control.confirm(txId)
        proxy().reset()
        const res = await postCallback(
          api,
          sandbox(),
          await transactionCallbackBody(sandbox(), txId),
        )
        expect(res.status).toBe(200)
        const log = await eventually(
          () => callbackLog(getContainer()),
          (l) => l[0]?.outcome === "captured",
        )
        expect(log[0].outcome).toBe("captured")
        expect((await cartOutcome(getContainer(), cartId)).orders).toHaveLength(1)
        const reads = proxy().count("GET /transaction/:id")
        expect(reads).toBeGreaterThanOrEqual(1)
        expect(reads).toBeLessThanOrEqual(2)
      })

      it("a claim Platega does not confirm yet does not block the genuine delivery", async () => {
        const { cartId, txId } = await unpaidCheckout(SBP)
        const claim = await transactionCallbackBody(sandbox(), txId, "CONFIRMED")
        expect((await postCallback(api, sandbox(), claim)).status).toBe(200)
        const [first] = await eventually(
          () => callbackLog(getContainer()),
          (l) => !!l[0] && l[0].outcome !== "pending",
        )
        expect(first.outcome).toBe("unconfirmed")
        expect((await cartOutcome(getContainer(), cartId)).orders).toHaveLength(0)

        // Paid now; Platega delivers the same CONFIRMED: it is processed, not taken as a duplicate.
        await sandbox().control.confirm(txId)
        expect((await postCallback(api, sandbox(), claim)).status).toBe(200)
        const outcome = await eventually(
          () => cartOutcome(getContainer(), cartId),
          (o) => o.orders.length > 0,
        )
        expect(outcome.orders).toHaveLength(1)
      })

      describe("Medusa's generic webhook route for each provider", () => {
        it.each([SBP, CARD])(
          "a body to /hooks/payment/%s, forged or with the merchant's headers, reads and changes nothing",
          async (provider) => {
            const { cartId, txId } = await unpaidCheckout(provider)
            // Paid at Platega, even: this route is not where its callbacks are taken.
            await sandbox().control.confirm(txId)
            proxy().reset()
            const forged = await transactionCallbackBody(sandbox(), txId, "CONFIRMED")
            const headerSets: Record<string, string>[] = [
              {},
              { "x-merchantid": sandbox().merchantId, "x-secret": "forged" },
              { "x-merchantid": sandbox().merchantId, "x-secret": sandbox().secret },
            ]
            const output = captureOutput(getContainer)
            try {
              for (const headers of headerSets) {
                const res = await api.post(`/hooks/payment/${provider}`, forged, {
                  headers: { "content-type": "application/json", ...headers },
                  validateStatus: () => true,
                })
                expect(res.status).toBeLessThan(500)
              }
              // Medusa hands each body to the provider 5 s after the request; the provider answers
              // that it acts on nothing, and warns through the logger: once for each body.
              const answered = () =>
                output
                  .lines()
                  .filter((l) => l.startsWith("Platega: a callback reached /hooks/payment/"))
              await eventually(
                async () => answered().length,
                (n) => n >= headerSets.length,
                20_000,
              )
              expect(answered()).toHaveLength(headerSets.length)
            } finally {
              output.stop()
            }
            // Handed to the provider: Platega was never asked, and nothing was paid (the session
            // waits for /hooks/platega).
            expect(proxy().requests()).not.toContain(`GET /transaction/${txId}`)
            const outcome = await cartOutcome(getContainer(), cartId)
            expect(outcome.orders).toHaveLength(0)
            expect(outcome.payments).toHaveLength(0)
            expect(outcome.sessions[0].status).toBe("pending")
          },
        )
      })

      describe("bodies that must get a 4xx or a 2xx, never a 5xx", () => {
        const id = randomUUID()
        const bodies: [string, string][] = [
          [
            "an escaped NUL",
            `{"id":"${id}","status":"CONFIRMED","amount":1,"currency":"RUB","payload":"a\\u0000b"}`,
          ],
          [
            "an escaped backslash before u0000",
            `{"id":"${id}","status":"CONFIRMED","amount":1,"currency":"RUB","payload":"a\\\\u0000b"}`,
          ],
          [
            "a lone surrogate",
            `{"id":"${id}","status":"CONFIRMED","amount":1,"currency":"RUB","payload":"\\ud800"}`,
          ],
          [
            "JSON nested 5,000 deep",
            `{"id":"${id}","status":"CONFIRMED","amount":1,"currency":"RUB","x":${"[".repeat(5000)}${"]".repeat(5000)}}`,
          ],
          [
            "a 60,000-character status",
            `{"id":"${id}","status":"${"C".repeat(60_000)}","amount":1,"currency":"RUB"}`,
          ],
        ]
        it.each(bodies)("%s", async (_name, raw) => {
          const res = await postCallback(api, sandbox(), raw)
          expect(res.status).toBeGreaterThanOrEqual(200)
          expect(res.status).toBeLessThan(500)
          const log = await callbackLog(getContainer())
          for (const entry of log) expect(entry.status.length).toBeLessThanOrEqual(64)
        })
      })

      // Last: it spends this minute's budget.
      describe("charge callbacks without merchant headers", () => {
        const charge = (id: string) => chargeCallbackFor(id)

        it("a flood of them costs Platega no more reads than the budget", async () => {
          const before = (await callbackLog(getContainer())).length
          proxy().reset()
          // The budget is per minute: a slow machine may spread the flood over more than one.
          const startedAt = Date.now()
          // One id over and over: one read at most (two if a minute turns meanwhile).
          const same = charge(randomUUID())
          const repeated = await Promise.all(
            Array.from({ length: 10 }, () => postCallback(api, sandbox(), same, {})),
          )
          expect(repeated.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1)
          expect(repeated.filter((r) => r.status === 200).length).toBeLessThanOrEqual(2)
          // Many ids: the store's budget, then 429 with Retry-After and no call at all.
          const bodies = Array.from({ length: 60 }, () => charge(randomUUID()))
          const answers: typeof repeated = []
          for (let i = 0; i < 3; i++) {
            answers.push(
              ...(await Promise.all(
                bodies.slice(i * 20, i * 20 + 20).map((b) => postCallback(api, sandbox(), b, {})),
              )),
            )
          }
          const windows = Math.floor(Date.now() / 60_000) - Math.floor(startedAt / 60_000) + 1
          const accepted = [...repeated, ...answers].filter((r) => r.status === 200).length
          const refused = answers.filter((r) => r.status === 429)
          expect(accepted).toBeLessThanOrEqual(windows * UNAUTHENTICATED_PER_MINUTE)
          expect(refused.length).toBeGreaterThanOrEqual(60 - windows * UNAUTHENTICATED_PER_MINUTE)
          expect(Number(refused[0].headers["retry-after"])).toBeGreaterThan(0)
          expect(answers.every((r) => r.status === 200 || r.status === 429)).toBe(true)
          const acceptedIds = new Set([
            ...(repeated.some((r) => r.status === 200) ? [same.Id] : []),
            ...bodies.filter((_, i) => answers[i].status === 200).map((b) => b.Id),
          ])

          const log = await eventually(
            async () => (await callbackLog(getContainer())).filter((c) => !c.authenticated),
            (l) => l.length === acceptedIds.size && l.every((c) => c.outcome !== "pending"),
          )
          expect(log.map((c) => c.platega_id).sort()).toEqual([...acceptedIds].sort())
          expect(log.every((c) => c.outcome === "ignored")).toBe(true)
          expect((await callbackLog(getContainer())).length).toBe(before + acceptedIds.size)
          // Reads of the ids sent here (the store may read other ids meanwhile, e.g. an earlier
          // test's webhook): each accepted one confirmed, no refused one read at all.
          const sent = new Set([same.Id, ...bodies.map((b) => b.Id)])
          const reads = proxy()
            .requests()
            .filter((r) => r.startsWith("GET /transaction/"))
            .map((r) => r.slice("GET /transaction/".length))
            .filter((id) => sent.has(id))
          expect(new Set(reads)).toEqual(acceptedIds)
          expect(reads.length).toBeLessThanOrEqual(accepted)
          expect(proxy().count("GET /subscription/:id")).toBe(0)
        })
      })
    })

    describe("money that needs a person: Platega → Transactions", () => {
      let admin: { headers: Record<string, string> }

      beforeEach(async () => {
        await sandbox().control.reset()
        // Platega delivers its callbacks to the store, as in production.
        await sandbox().control.setCallbackUrl(callbackUrl(api))
        admin = await adminHeaders(getContainer())
      })

      type Row = {
        id: string
        platega_status: string
        method: string
        amount: string
        cart_id?: string
        order: { id: string; display_id: number } | null
        email: string | null
        needs_attention: boolean
        callbacks: { status: string; outcome: string }[]
        cases: {
          id: string
          kind: string
          refundable: boolean
          resolution: { action: string; note: string | null; actor_email: string | null } | null
        }[]
      }
      const list = async (query: Record<string, unknown> = {}) =>
        (await api.get("/admin/platega/transactions", { ...admin, params: query })).data as {
          transactions: Row[]
          count: number
          needs_attention: number
        }
      /** The transaction's row once its case is flagged (read again: the first read may race it). */
      const flagged = async (txId: string) => {
        await eventually(
          () => list({ q: txId }),
          (l) => !!l.transactions[0]?.cases.length,
        )
        return (await list({ q: txId })).transactions[0]
      }
      const oneNotification = async (txId: string, kind: string) =>
        eventually(
          () => caseNotifications(getContainer(), txId, kind),
          (n) => n.length > 0,
        )

      it("a paid transaction that matches no session: listed first, told once, refunded once", async () => {
        // An ordinary unpaid checkout beside it, listed after the case.
        const cartId = await createCart(api, store)
        await startPayment(api, store, cartId, SBP)
        const txId = await strayTransaction(sandbox(), 700, "not-from-this-store")
        await sandbox().control.confirm(txId)
        const row = await flagged(txId)
        expect(row).toMatchObject({
          platega_status: "CONFIRMED",
          method: "sbp",
          needs_attention: true,
        })
        expect(row.cases).toEqual([
          expect.objectContaining({
            kind: "unmatched_payment",
            refundable: true,
            resolution: null,
          }),
        ])
        const all = await list()
        expect(all.transactions.map((t) => t.id)[0]).toBe(txId)
        expect(all.count).toBe(2)
        expect(all.needs_attention).toBe(1)

        // Told at once, in the merchant's language (English by default), naming the amount;
        // delivered again, not told again.
        const [note] = await oneNotification(txId, "unmatched_payment")
        expect(note.data!).toMatchObject({
          title: "Platega: a payment needs attention",
          description: expect.stringMatching(/RUB\s?700|₽\s?700|700/),
        })
        expect(String(note.data!.description)).not.toMatch(/[а-яё]/i)
        await sandbox().control.fireCallback(txId)
        await postCallback(api, sandbox(), await transactionCallbackBody(sandbox(), txId))
        await callbacksDelivered(sandbox())
        await processedCallbacks(getContainer(), { plategaId: txId })
        await quietWindow()
        expect(await caseNotifications(getContainer(), txId, "unmatched_payment")).toHaveLength(1)

        // Refund: two clicks at once move the money once.
        proxy().reset()
        const path = `/admin/platega/transactions/${txId}/cases/${row.cases[0].id}/refund`
        const answers = await Promise.all(
          [1, 2].map(() => api.post(path, {}, { ...admin, validateStatus: () => true })),
        )
        expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
        // The plugin's own words, not a retry with an Idempotency-Key.
        expect(answers.find((a) => a.status === 409)!.data.message).toMatch(
          /^Case .+ was already refunded on \d{4}-/,
        )
        expect(proxy().count("POST /transaction/:id/cancel")).toBe(1)
        expect(proxy().count("GET /transaction/:id/cancel-supported")).toBe(1)
        const atPlatega = await sandbox().control.getTransaction(txId)
        expect(atPlatega).toMatchObject({ status: "CHARGEBACKED", refundStatus: "COMPLETED" })
        const after = await eventually(
          () => list({ q: txId }),
          (l) => l.transactions[0]?.platega_status === "CHARGEBACKED",
        )
        expect(after.transactions[0]).toMatchObject({ needs_attention: false })
        expect(after.transactions[0].cases[0].resolution).toMatchObject({ action: "refunded" })
        // The refund's own callback makes no new case.
        await callbacksDelivered(sandbox())
        await processedCallbacks(getContainer(), { plategaId: txId })
        expect((await list({ attention: "open" })).count).toBe(0)
      })

      it("a payment for a cart that its checkout did not start: one notice naming the cart, resolved with a note", async () => {
        const cartId = await createCart(api, store)
        const session = await startPayment(api, store, cartId, SBP)
        // Made for this session at Platega, but not the transaction its checkout started (1 ruble).
        const txId = await strayTransaction(sandbox(), 1, session.id)
        await sandbox().control.confirm(txId)
        const row = await flagged(txId)
        expect(row).toMatchObject({ cart_id: cartId, order: null, needs_attention: true })
        expect(row.email).toMatch(/@example\.com$/)
        expect(row.cases[0]).toMatchObject({ kind: "paid_after_abandon", refundable: true })
        const [note] = await oneNotification(txId, "paid_after_abandon")
        expect(note.data!.description).toContain(cartId)

        const path = `/admin/platega/transactions/${txId}/cases/${row.cases[0].id}/resolve`
        const blank = await api.post(path, { note: " " }, { ...admin, validateStatus: () => true })
        expect(blank.status).toBe(400)
        expect(blank.data.message).toContain("note")
        const done = await api.post(path, { note: "Shopper paid the rest by phone" }, admin)
        expect(done.status).toBe(200)
        const again = await api.post(
          path,
          { note: "twice" },
          { ...admin, validateStatus: () => true },
        )
        expect(again.status).toBe(409)
        expect(again.data).toMatchObject({
          code: "case_settled",
          message: expect.stringMatching(/^Case .+ was already resolved on/),
        })

        const resolved = await list({ attention: "resolved" })
        expect(resolved.transactions.map((t) => t.id)).toEqual([txId])
        expect(resolved.transactions[0].cases[0].resolution).toMatchObject({
          action: "resolved",
          note: "Shopper paid the rest by phone",
          actor_email: "admin@platega.test",
        })
        expect(resolved.transactions[0].needs_attention).toBe(false)
        // Nothing moved at Platega.
        expect((await sandbox().control.getTransaction(txId))?.status).toBe("CONFIRMED")
      })

      it("a chargeback on a paid order: listed with its order, told once, not refundable", async () => {
        const cartId = await createCart(api, store)
        const session = await startPayment(api, store, cartId, CARD)
        const txId = session.data.transaction_id
        await sandbox().control.confirm(txId)
        const paid = await eventually(
          () => cartOutcome(getContainer(), cartId),
          (o) => o.orders.length > 0,
        )
        await sandbox().control.chargeback(txId)
        const row = await flagged(txId)
        expect(row.order?.id).toBe(paid.orders[0].id)
        expect(row.cases[0]).toMatchObject({ kind: "chargeback", refundable: false })
        expect(row.callbacks.map((c) => [c.status, c.outcome])).toEqual([
          ["CONFIRMED", "captured"],
          ["CHARGEBACKED", "flagged"],
        ])
        const [note] = await oneNotification(txId, "chargeback")
        expect(note.data!.description).toContain(`#${row.order!.display_id}`)
        const refused = await api.post(
          `/admin/platega/transactions/${txId}/cases/${row.cases[0].id}/refund`,
          {},
          { ...admin, validateStatus: () => true },
        )
        expect(refused.status).toBe(400)
        // Found by order number and by e-mail; filtered by status and method.
        expect((await list({ q: String(row.order!.display_id) })).transactions[0].id).toBe(txId)
        expect((await list({ q: row.email! })).transactions[0].id).toBe(txId)
        expect((await list({ status: "CHARGEBACKED", method: "card" })).count).toBe(1)
        expect((await list({ status: "PENDING" })).count).toBe(0)
        expect((await list({ outcome: "captured" })).count).toBe(1)
        const bad = await api.get("/admin/platega/transactions", {
          ...admin,
          params: { outcome: "nope" },
          validateStatus: () => true,
        })
        expect(bad.status).toBe(400)
        expect(bad.data.message).toContain("outcome")
      })

      it("re-check now: a paid checkout whose callbacks were lost becomes its order", async () => {
        await sandbox().control.setCallbackUrl(null)
        const cartId = await createCart(api, store)
        const session = await startPayment(api, store, cartId, SBP)
        const txId = session.data.transaction_id
        await sandbox().control.confirm(txId)
        const { data } = await api.post(`/admin/platega/transactions/${txId}/recheck`, {}, admin)
        expect(data.recheck).toMatchObject({ platega_status: "CONFIRMED" })
        const outcome = await cartOutcome(getContainer(), cartId)
        expect(outcome.orders).toHaveLength(1)
        const [row] = (await list({ q: txId })).transactions
        expect(row.order?.id).toBe(outcome.orders[0].id)
      })
    })
  },
})
