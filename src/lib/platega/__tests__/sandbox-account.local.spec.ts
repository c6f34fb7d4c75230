import type { PlategaClient } from "../client"
import { failure } from "./support/failure"
import {
  payment,
  useSandboxClient,
  type Sandbox,
  type SandboxClient,
} from "./support/sandbox-client"

// The client against the project's Platega sandbox (support/sandbox-client.ts): the merchant's
// account, and the service failing.
describe("PlategaClient ↔ sandbox: exports, balances, payouts, faults", () => {
  let sb: Sandbox
  let client: PlategaClient
  let make: SandboxClient["make"]
  useSandboxClient((s) => ({ sb, client, make } = s))

  describe("exports", () => {
    const filter = () => ({
      from: new Date(Date.now() - 40 * 24 * 3600 * 1000),
      to: new Date(Date.now() + 3600 * 1000),
    })

    it("json: every seeded record parses; a status filter filters", async () => {
      await sb.control.seedTransactions(40)
      const all = await client.exportTransactionsJson(filter())
      expect(all.length).toBeGreaterThanOrEqual(40)
      const confirmed = await client.exportTransactionsJson({
        ...filter(),
        statuses: ["CONFIRMED"],
      })
      expect(confirmed.length).toBeGreaterThan(0)
      expect(confirmed.length).toBeLessThan(all.length)
      expect(new Set(confirmed.map((r) => r.status))).toEqual(new Set(["CONFIRMED"]))
    })

    it("csv and excel answer a url to a file", async () => {
      await sb.control.seedTransactions(5)
      for (const file of [
        await client.exportTransactionsCsv(filter()),
        await client.exportTransactionsExcel(filter()),
      ]) {
        const url = new URL(file.url, sb.url)
        const res = await fetch(url)
        expect(res.status).toBe(200)
        expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0)
      }
    })
  })

  describe("balances, cards and payouts", () => {
    it("balances", async () => {
      const balances = await client.getBalances()
      expect(balances.find((b) => b.currency === "RUB")?.amount).toEqual(expect.any(Number))
    })

    it.each([
      ["PG-HMAC", false],
      ["PG-HMAC", true],
      ["PAY-HMAC", false],
    ])("cards signed with %s (path with query: %s)", async (hmacScheme, signPathWithQuery) => {
      const cards = await make({ hmacScheme, signPathWithQuery }).listCards({ onlyActive: true })
      expect(cards.length).toBeGreaterThan(0)
      expect(cards.every((c) => c.status === "ACTIVE")).toBe(true)
    })

    it("signPathWithQuery decides what is signed (service set to sign path with query)", async () => {
      await sb.control.configure({ hmacPathMode: "withQuery" })
      const bare = await failure(make().listCards({ onlyActive: true }))
      expect(bare).toMatchObject({ kind: "http", httpStatus: 401 })
      await expect(
        make({ signPathWithQuery: true }).listCards({ onlyActive: true }),
      ).resolves.toEqual(expect.any(Array))
    })

    it("payout: created once for one Idempotency-Key", async () => {
      const card = (await client.listCards({ onlyActive: true }))[0]
      const key = "payout-test-1"
      const first = await client.createCardPayout({
        cardId: card.cardId,
        amountRub: 1500,
        idempotencyKey: key,
      })
      expect(first.status).toBe("CREATED")
      const second = await client.createCardPayout({
        cardId: card.cardId,
        amountRub: 1500,
        idempotencyKey: key,
      })
      expect(second.withdrawalRecordId).toBe(first.withdrawalRecordId)
      expect((await sb.control.payouts()).filter((p) => p.idempotencyKey === key)).toHaveLength(1)
    })

    it("payout to a card number; amount bounds enforced before sending", async () => {
      const res = await client.createCardPayout({
        cardNumber: "2200000000000004",
        amountRub: 87500,
        idempotencyKey: "payout-test-2",
      })
      expect(res.status).toBe("CREATED")
      const before = (await sb.control.payouts()).length
      const e = await failure(
        client.createCardPayout({
          cardNumber: "2200000000000004",
          amountRub: 87501,
          idempotencyKey: "x",
        }),
      )
      expect(e.kind).toBe("invalid_request")
      expect((await sb.control.payouts()).length).toBe(before)
    })
  })

  describe("rates (GET /rates/payment_method_rate, legacy)", () => {
    it("getRate answers the rate of a pair for a method given by code or by name", async () => {
      expect(
        await client.getRate({ paymentMethod: 2, currencyFrom: "RUB", currencyTo: "USDT" }),
      ).toEqual({
        paymentMethod: 2,
        currencyFrom: "RUB",
        currencyTo: "USDT",
        // USDT for 1 RUB (the sandbox's 92.5 RUB per USDT), as Platega's documented 0.0105
        rate: 0.01081081,
        updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      })
      await sb.control.configure({ methodRates: { "12": { USD: 1.02 } } })
      const international = await client.getRate({
        paymentMethod: "InternationalAcquiring",
        currencyFrom: "usdt",
        currencyTo: "USD",
      })
      expect(international).toMatchObject({ paymentMethod: 12, currencyFrom: "USDT", rate: 1.02 })
    })

    it("refuses an unknown method before sending; surfaces Platega's 400 with its field and traceId", async () => {
      const bad = await failure(
        client.getRate({ paymentMethod: "Bitcoin", currencyFrom: "RUB", currencyTo: "USDT" }),
      )
      expect(bad.kind).toBe("invalid_request")
      expect(bad.fieldErrors.map((f) => f.key)).toEqual(["paymentMethod"])
      const refused = await failure(
        client.getRate({ paymentMethod: 2, currencyFrom: "RUB", currencyTo: "XYZ" }),
      )
      expect(refused).toMatchObject({ httpStatus: 400, code: "Common:VAL_0001", attempts: 1 })
      expect(refused.traceId).toMatch(/^[0-9a-f]{32}$/)
      expect(refused.fieldErrors).toEqual([
        { key: "currencyTo", message: expect.stringContaining("XYZ has no rate") },
      ])
    })

    it("sends the merchant's credentials: another secret gets Platega's 401", async () => {
      const e = await failure(
        make({ secret: "wrong" }).getRate({
          paymentMethod: 2,
          currencyFrom: "RUB",
          currencyTo: "USDT",
        }),
      )
      expect(e).toMatchObject({ httpStatus: 401, code: "Auth:SIGN_1001" })
    })
  })

  describe("faults", () => {
    it("GET survives a 30% 5xx rate through retries", async () => {
      const created = await client.createTransaction({ ...payment, paymentMethod: 2 })
      await sb.control.setFaults({ seed: 1, errorRates: { "GET /transaction/:id": 0.3 } })
      const c = make({ retry: { retries: 8, baseDelayMs: 1, maxDelayMs: 5 } })
      for (let i = 0; i < 10; i++) {
        await expect(c.getTransaction(created.transactionId)).resolves.toMatchObject({
          status: "PENDING",
        })
      }
    })

    it("GET with a 100% 5xx rate fails after 1 + retries attempts", async () => {
      const created = await client.createTransaction({ ...payment, paymentMethod: 2 })
      await sb.control.setFaults({ errorRates: { "GET /transaction/:id": 1 } })
      const e = await failure(client.getTransaction(created.transactionId))
      expect(e).toMatchObject({ kind: "http", attempts: 4, retryable: true })
      expect(e.httpStatus).toBeGreaterThanOrEqual(500)
    })

    it("a lost create answer is outcome_unknown, and the payment is found by payload in the export", async () => {
      await sb.control.setFaults({ lostResponseRates: { "POST /transaction/process": 1 } })
      const e = await failure(
        client.createTransaction({ ...payment, paymentMethod: 2, payload: "lost-1" }),
      )
      expect(e.kind).toBe("outcome_unknown")
      expect(e.attempts).toBe(1)
      await sb.control.setFaults({})
      const records = await client.exportTransactionsJson({
        from: new Date(Date.now() - 3600 * 1000),
        to: new Date(Date.now() + 3600 * 1000),
      })
      expect(records.filter((r) => r.payload === "lost-1")).toHaveLength(1)
    })

    it("a slow create is outcome_unknown after the timeout; a slow GET is a timeout", async () => {
      await sb.control.setFaults({ latencyMs: 400 })
      const c = make({ timeoutMs: 100, retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 1 } })
      expect((await failure(c.createTransaction({ ...payment, paymentMethod: 2 }))).kind).toBe(
        "outcome_unknown",
      )
      expect(await failure(c.getBalances())).toMatchObject({ kind: "timeout", attempts: 2 })
      await sb.control.setFaults({})
    })
  })
})
