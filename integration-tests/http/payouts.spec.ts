import { randomUUID } from "node:crypto"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { adminHeaders, ADMIN_EMAIL } from "../helpers/admin"
import { captureOutput } from "../helpers/output"
import { CARDS, faultSeed, latencySeed, PAYOUT_ROUTE, postPayout } from "../helpers/payouts"
import { useSandbox } from "../helpers/sandbox"

jest.setTimeout(180_000)

const sandbox = useSandbox()
// Short enough for a test to outwait; a timed-out payout is retried with the same key and bytes.
const TIMEOUT_MS = 2000
process.env.PLATEGA_TIMEOUT_MS = String(TIMEOUT_MS)
// Specs run one after another in one process: the next one gets the default again.
afterAll(() => {
  delete process.env.PLATEGA_TIMEOUT_MS
})

// A Luhn-valid ruble card that is nowhere in the sandbox's lists; typed with spaces, as people do.
const CARD = "2200700000000009"
const CARD_TYPED = "2200 7000 0000 0009"
const CARD_MASK = "220070******0009"

type Payout = {
  id: string
  idempotency_key: string
  status: string
  amount: number
  card_id: string | null
  card_masked: string
  card_source: string
  withdrawal_record_id: string | null
  amount_usdt_debited: number | null
  error: { code: string | null; message: string; trace_id: string | null } | null
  requested_by: { id: string | null; email: string | null }
}

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let auth: { headers: Record<string, string> }
    let output: ReturnType<typeof captureOutput>
    const answers: string[] = []
    const container = (): MedusaContainer => getContainer()

    /** Every answer of the admin API is kept, to search for the card number afterwards. */
    const keep = <T extends { data: unknown; headers: unknown }>(res: T): T => {
      answers.push(JSON.stringify(res.data), JSON.stringify(res.headers))
      return res
    }
    const pay = async (
      ...args: Parameters<typeof postPayout> extends [unknown, unknown, ...infer R] ? R : never
    ) => keep(await postPayout(api, auth, ...args))
    const dbRows = async (): Promise<Record<string, unknown>[]> => {
      const pg = container().resolve("__pg_connection__") as {
        raw: (sql: string) => Promise<{ rows: Record<string, unknown>[] }>
      }
      return (await pg.raw("select * from platega_payout order by created_at")).rows
    }

    beforeAll(async () => {
      auth = await adminHeaders(container())
      output = captureOutput(container)
    })

    afterAll(() => output?.stop())

    beforeEach(async () => {
      await sandbox().control.reset()
    })

    describe("reads", () => {
      it("balances: RUB and USDT with frozen amounts", async () => {
        const res = keep(await api.get("/admin/platega/balances", auth))
        expect(res.status).toBe(200)
        expect(res.data.balances).toEqual(
          expect.arrayContaining([
            { currency_code: "rub", amount: 100000, frozen: 0 },
            { currency_code: "usdt", amount: 0, frozen: 0 },
          ]),
        )
      })

      it("saved cards: all of them, or the active ones only", async () => {
        const all = keep(await api.get("/admin/platega/cards?only_active=false", auth))
        expect(all.status).toBe(200)
        expect(all.data.cards.map((c: { status: string }) => c.status).sort()).toEqual([
          "ACTIVE",
          "ACTIVE",
          "DISABLED",
          "PENDING",
        ])
        expect(all.data.cards[0]).toEqual({
          id: CARDS.mir,
          masked: "220070******4242",
          last4: "4242",
          brand: "MIR",
          label: expect.any(String),
          status: "ACTIVE",
        })
        const active = keep(await api.get("/admin/platega/cards?only_active=true", auth))
        expect(active.data.cards.map((c: { id: string }) => c.id)).toEqual([CARDS.mir, CARDS.visa])
        const bad = keep(
          await api.get("/admin/platega/cards?only_active=yes", {
            ...auth,
            validateStatus: () => true,
          }),
        )
        expect(bad.status).toBe(400)
      })
    })

    describe("a payout", () => {
      it("to a saved card: written, sent once, balance debited with the fee", async () => {
        const key = randomUUID()
        const res = await pay({ card_id: CARDS.mir, amount: 1500 }, key)
        expect(res.status).toBe(200)
        const payout: Payout = res.data.payout
        expect(payout).toMatchObject({
          idempotency_key: key,
          status: "created",
          amount: 1500,
          card_id: CARDS.mir,
          card_masked: "220070******4242",
          card_source: "saved",
          error: null,
          requested_by: { email: ADMIN_EMAIL },
        })
        const [made] = await sandbox().control.payouts()
        expect(payout.withdrawal_record_id).toBe(made.withdrawalRecordId)
        expect(payout.amount_usdt_debited).toBe(made.amountUsdtDebited)
        expect(made).toMatchObject({ idempotencyKey: key, amountRub: 1500, cardId: CARDS.mir })
        const rub = (await sandbox().control.balances()).find((b) => b.currency === "RUB")
        expect(rub?.amount).toBe(100000 - 1515)

        const list = keep(await api.get("/admin/platega/payouts", auth))
        expect(list.data).toMatchObject({ count: 1, payout_key_configured: true })
        expect(list.data.payouts[0].id).toBe(payout.id)
      })

      it("to a typed card: sent once, stored and answered only masked", async () => {
        const res = await pay({ card_number: CARD_TYPED, amount: 2000 })
        expect(res.status).toBe(200)
        expect(res.data.payout).toMatchObject({
          status: "created",
          card_id: null,
          card_masked: CARD_MASK,
          card_source: "typed",
        })
        const made = await sandbox().control.payouts()
        expect(made).toHaveLength(1)
        expect(made[0].cardMasked).toBe(CARD_MASK)
        const rows = await dbRows()
        expect(JSON.stringify(rows)).not.toContain(CARD)
        expect(rows[0].card_fingerprint).toMatch(/^[0-9a-f]{64}$/)
        const pg = container().resolve("__pg_connection__") as {
          raw: (sql: string) => Promise<{ rows: unknown[] }>
        }
        const executions = await pg.raw("select * from workflow_execution")
        expect(JSON.stringify(executions.rows)).not.toContain(CARD)
      })

      it("the history is newest first and paginated", async () => {
        for (const amount of [1001, 1002, 1003]) {
          expect((await pay({ card_id: CARDS.visa, amount })).data.payout.status).toBe("created")
        }
        const page1 = keep(await api.get("/admin/platega/payouts?limit=2&offset=0", auth))
        expect(page1.data.payouts.map((p: Payout) => p.amount)).toEqual([1003, 1002])
        expect(page1.data.count).toBe(3)
        const page2 = keep(await api.get("/admin/platega/payouts?limit=2&offset=2", auth))
        expect(page2.data.payouts.map((p: Payout) => p.amount)).toEqual([1001])
        // A page past the admin's bound is refused, naming the field (the lists' shared rule).
        const tooLong = await api.get("/admin/platega/payouts?limit=101", {
          ...auth,
          validateStatus: () => true,
        })
        expect(tooLong.status).toBe(400)
        expect(tooLong.data.message).toMatch(/limit.*at most.*100/)
      })
    })

    describe("never twice", () => {
      it("a 503 and then a 200: retried with the same key and bytes, one payout", async () => {
        const seed = faultSeed("error", 0.5, ["fail", "ok"], 503)
        await sandbox().control.setFaults({ seed, errorRates: { [PAYOUT_ROUTE]: 0.5 } })
        const before = output.lines().length
        const res = await pay({ card_number: CARD, amount: 3000 })
        expect(res.data.payout.status).toBe("created")
        expect(await sandbox().control.payouts()).toHaveLength(1)
        const retries = output
          .lines()
          .slice(before)
          // Each logger call once (stdout repeats it as JSON).
          .filter((l) => l.startsWith("platega retry") && l.includes("/api/v1/payouts/card-rub"))
        expect(retries).toHaveLength(1)
        expect(retries[0]).toContain('"status":503')
      })

      it("a timeout: the slow request and its retry both reach Platega, one payout", async () => {
        // Requests: the balance check (quick), the payout (slower than the timeout), its retry (quick).
        const max = 6000
        const seed = latencySeed(max, 500, TIMEOUT_MS + 1500, [true, false, true])
        await sandbox().control.setFaults({ seed, latencyMs: { min: 0, max } })
        const before = output.lines().length
        const res = await pay({ card_number: CARD, amount: 3500 })
        expect(res.data.payout.status).toBe("created")
        const retries = output
          .lines()
          .slice(before)
          .filter((l) => l.startsWith("platega retry") && l.includes("/api/v1/payouts/card-rub"))
        expect(retries).toHaveLength(1)
        expect(retries[0]).toContain('"kind":"timeout"')
        // The slow first request is still sleeping in the sandbox: let it arrive, then count. Its
        // answer goes to a closed connection and nothing else shows its end, so waiting out the
        // latency's bound (`max`) is the assertion.
        await new Promise((r) => setTimeout(r, max))
        const made = await sandbox().control.payouts()
        expect(made).toHaveLength(1)
        expect(res.data.payout.withdrawal_record_id).toBe(made[0].withdrawalRecordId)
      })

      it("a lost answer (processed, then 502): the retry is answered from Platega's memory", async () => {
        const seed = faultSeed("lost", 0.5, ["fail", "ok"])
        await sandbox().control.setFaults({ seed, lostResponseRates: { [PAYOUT_ROUTE]: 0.5 } })
        const res = await pay({ card_id: CARDS.visa, amount: 4000 })
        expect(res.data.payout.status).toBe("created")
        const made = await sandbox().control.payouts()
        expect(made).toHaveLength(1)
        expect(res.data.payout.withdrawal_record_id).toBe(made[0].withdrawalRecordId)
      })

      it("the same key twice: the same record, nothing sent again", async () => {
        const key = randomUUID()
        const first = await pay({ card_id: CARDS.mir, amount: 1200 }, key)
        const second = await pay({ card_id: CARDS.mir, amount: 1200 }, key)
        expect(second.status).toBe(200)
        expect(second.headers["idempotent-replayed"]).toBe("true")
        expect(second.data.payout).toEqual(first.data.payout)
        expect(await sandbox().control.payouts()).toHaveLength(1)
      })

      it("the same key for another amount or card: refused, nothing sent", async () => {
        const key = randomUUID()
        await pay({ card_number: CARD, amount: 1200 }, key)
        for (const body of [
          { card_number: CARD, amount: 1300 },
          { card_id: CARDS.mir, amount: 1200 },
          { card_number: "4242424242424242", amount: 1200 },
        ]) {
          const res = await pay(body, key)
          expect(res.status).toBe(422)
          expect(res.data.message).toMatch(/already used for another payout/)
        }
        // The same typed card again is recognised (fingerprint), with or without spaces.
        expect((await pay({ card_number: CARD_TYPED, amount: 1200 }, key)).status).toBe(200)
        expect(await sandbox().control.payouts()).toHaveLength(1)
      })

      it("the same key sent 6 times at once: one payout, one record, every answer the same", async () => {
        const key = randomUUID()
        const results = await Promise.all(
          Array.from({ length: 6 }, () => pay({ card_id: CARDS.visa, amount: 5000 }, key)),
        )
        expect(results.map((r) => r.status)).toEqual(Array(6).fill(200))
        const ids = new Set(results.map((r) => r.data.payout.id))
        expect(ids.size).toBe(1)
        expect(results.every((r) => r.data.payout.status === "created")).toBe(true)
        expect(results.filter((r) => r.headers["idempotent-replayed"] === "true")).toHaveLength(5)
        expect(await sandbox().control.payouts()).toHaveLength(1)
        expect(await dbRows()).toHaveLength(1)
      })

      it("a submit repeated after the admin's request timed out: waits, then the same payout", async () => {
        await sandbox().control.setFaults({ latencyMs: 1500 })
        const key = randomUUID()
        const body = { card_id: CARDS.mir, amount: 2500 }
        // The browser gives up while the payout is on its way; the admin presses the button again.
        const first = await postPayout(api, auth, body, key, { timeout: 2000 }).catch(
          (e: Error) => e,
        )
        expect(first).toBeInstanceOf(Error)
        const again = await pay(body, key)
        expect(again.status).toBe(200)
        expect(again.data.payout.status).toBe("created")
        expect(await sandbox().control.payouts()).toHaveLength(1)
      })

      it("every answer lost: unknown, a repeated submit sends nothing, a re-check resolves it", async () => {
        await sandbox().control.setFaults({ lostResponseRates: { [PAYOUT_ROUTE]: 1 } })
        const key = randomUUID()
        const first = await pay({ card_number: CARD, amount: 6000 }, key)
        expect(first.status).toBe(200)
        const payout: Payout = first.data.payout
        expect(payout.status).toBe("unknown")
        expect(payout.error?.message).toMatch(/502/)
        // Platega did pay (the answers were lost, not the requests): once, however often it was asked.
        expect(await sandbox().control.payouts()).toHaveLength(1)

        const again = await pay({ card_number: CARD, amount: 6000 }, key)
        expect(again.data.payout).toMatchObject({ id: payout.id, status: "unknown" })
        expect(await sandbox().control.payouts()).toHaveLength(1)

        await sandbox().control.setFaults({})
        const recheck = (body: unknown) =>
          api
            .post(`/admin/platega/payouts/${payout.id}/recheck`, body, {
              ...auth,
              validateStatus: () => true,
            })
            .then(keep)
        const noNumber = await recheck({})
        expect(noNumber.status).toBe(400)
        expect(noNumber.data.message).toMatch(/type the same card number/)
        const other = await recheck({ card_number: "4242424242424242" })
        expect(other.status).toBe(400)

        const ok = await recheck({ card_number: CARD_TYPED })
        expect(ok.status).toBe(200)
        expect(ok.data).toMatchObject({
          resent: true,
          payout: { id: payout.id, status: "created" },
        })
        const made = await sandbox().control.payouts()
        expect(made).toHaveLength(1)
        expect(ok.data.payout.withdrawal_record_id).toBe(made[0].withdrawalRecordId)

        // Known now: a second re-check sends nothing.
        const twice = await recheck({ card_number: CARD })
        expect(twice.data).toMatchObject({ resent: false, payout: { status: "created" } })
      })

      it("a re-check of a payout to a saved card needs no input", async () => {
        await sandbox().control.setFaults({ lostResponseRates: { [PAYOUT_ROUTE]: 1 } })
        const { payout } = (await pay({ card_id: CARDS.visa, amount: 1100 })).data
        expect(payout.status).toBe("unknown")
        await sandbox().control.setFaults({})
        const res = keep(await api.post(`/admin/platega/payouts/${payout.id}/recheck`, {}, auth))
        expect(res.data.payout.status).toBe("created")
        expect(await sandbox().control.payouts()).toHaveLength(1)
      })
    })

    describe("checked before anything is sent", () => {
      const cases: [string, unknown, string | null, RegExp][] = [
        ["below 1 000 RUB", { card_id: CARDS.mir, amount: 999 }, "k", /at least 1000/],
        ["above 87 500 RUB", { card_id: CARDS.mir, amount: 87501 }, "k", /at most 87500/],
        ["kopecks", { card_id: CARDS.mir, amount: 1500.5 }, "k", /whole rubles/],
        ["an amount as text", { card_id: CARDS.mir, amount: "1500" }, "k", /number/],
        [
          "a card number failing Luhn",
          { card_number: "2200700000000008", amount: 1500 },
          "k",
          /Luhn/,
        ],
        [
          "a too short card number",
          { card_number: "22007000", amount: 1500 },
          "k",
          /16 to 19 digits/,
        ],
        [
          "a card number as a JSON number",
          { card_number: Number(CARD), amount: 1500 },
          "k",
          /string of digits/,
        ],
        ["no amount", { card_id: CARDS.mir }, "k", /amount/],
        [
          "both card fields",
          { card_id: CARDS.mir, card_number: CARD, amount: 1500 },
          "k",
          /exactly one/,
        ],
        ["neither card field", { amount: 1500 }, "k", /exactly one/],
        [
          "an unknown field",
          { card_id: CARDS.mir, amount: 1500, cardNumber: CARD },
          "k",
          /cardNumber/,
        ],
        [
          "no Idempotency-Key header",
          { card_id: CARDS.mir, amount: 1500 },
          null,
          /Idempotency-Key/,
        ],
      ]
      it(`${cases.map((c) => c[0]).join(", ")} → 400, nothing written or sent`, async () => {
        for (const [name, body, key, message] of cases) {
          const res = await pay(body, key === null ? null : randomUUID())
          expect({ name, status: res.status }).toEqual({ name, status: 400 })
          expect(res.data.message).toMatch(message)
        }
        expect(await sandbox().control.payouts()).toHaveLength(0)
        expect(await dbRows()).toHaveLength(0)
      })

      it("a disabled or pending saved card, or an unknown one → 400", async () => {
        for (const card_id of [CARDS.disabled, CARDS.pending, randomUUID()]) {
          const res = await pay({ card_id, amount: 1500 })
          expect(res.status).toBe(400)
        }
        expect(await sandbox().control.payouts()).toHaveLength(0)
        expect(await dbRows()).toHaveLength(0)
      })

      it("above the RUB balance → 400, nothing sent", async () => {
        await sandbox().control.setBalance("RUB", 1200)
        const res = await pay({ card_id: CARDS.mir, amount: 1500 })
        expect(res.status).toBe(400)
        expect(res.data.message).toMatch(/above the available RUB balance \(1200 RUB\)/)
        expect(await sandbox().control.payouts()).toHaveLength(0)
        expect(await dbRows()).toHaveLength(0)
      })

      it("Platega's own refusal (its fee tips the balance over) is recorded as failed, with its error", async () => {
        await sandbox().control.setBalance("RUB", 1005)
        const res = await pay({ card_id: CARDS.mir, amount: 1000 })
        expect(res.status).toBe(200)
        expect(res.data.payout).toMatchObject({
          status: "failed",
          error: { code: "Balance:INSUFFICIENT_FUNDS", trace_id: expect.any(String) },
        })
        expect(res.data.payout.error.message).toMatch(/Insufficient balance/)
        expect(await sandbox().control.payouts()).toHaveLength(0)
      })
    })

    describe("secrets", () => {
      it("the card number and the payout key appear in no log line and no answer", async () => {
        // Makes sure this suite's typed-card payouts ran first (jest runs tests in order).
        expect(answers.join("\n")).toContain(CARD_MASK)
        const text = output.text()
        expect(text).toContain("platega") // the capture works
        for (const secret of [CARD, CARD_TYPED, sandbox().payoutKey]) {
          expect(text).not.toContain(secret)
          expect(answers.join("\n")).not.toContain(secret)
        }
      })
    })
  },
})
