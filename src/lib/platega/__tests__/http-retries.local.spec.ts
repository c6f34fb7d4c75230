import type { PlategaClient } from "../client"
import { closedPort, type FakeServer } from "./support/fake-server"
import {
  SUB_ID,
  TX_ID,
  balancesAnswer,
  createTransactionAnswer,
  createTransactionBody,
  statusAnswer,
} from "./support/fixtures"
import { failure } from "./support/failure"
import { useScriptedClient, type Scripted } from "./support/scripted-client"

// Which calls are repeated, how often and after what, against a scripted local HTTP server.
describe("PlategaClient over HTTP: retries", () => {
  let fake: FakeServer
  let client: PlategaClient
  let make: Scripted["make"]
  useScriptedClient((s) => ({ fake, client, make } = s))

  describe("idempotent calls are retried", () => {
    it("GET after 503, 503 → 200 succeeds on the third attempt", async () => {
      fake.reply({ status: 503 }, { status: 503 }, { status: 200, body: statusAnswer })
      const tx = await client.getTransaction(TX_ID)
      expect(tx.id).toBe(TX_ID)
      expect(fake.seen).toHaveLength(3)
      expect(fake.seen.every((r) => r.method === "GET" && r.url === `/transaction/${TX_ID}`)).toBe(
        true,
      )
    })

    it("GET gives up after 1 + retries attempts with the last error", async () => {
      fake.reply({ status: 502, body: { code: "X:1", message: "bad gateway", traceId: "t9" } })
      const e = await failure(client.getTransaction(TX_ID))
      expect(fake.seen).toHaveLength(4)
      expect(e).toMatchObject({ kind: "http", httpStatus: 502, attempts: 4, retryable: true })
      expect(e.message).toBe("Platega 502 X:1: bad gateway (traceId t9)")
      expect(e.endpoint).toBe("GET /transaction/{id}")
    })

    it("honours Retry-After on 429", async () => {
      fake.reply(
        { status: 429, headers: { "retry-after": "1" } },
        { status: 200, body: balancesAnswer },
      )
      const started = Date.now()
      const balances = await client.getBalances()
      const elapsed = Date.now() - started
      expect(balances[0]).toMatchObject({ amount: 100.5, currency: "RUB" })
      expect(fake.seen).toHaveLength(2)
      expect(elapsed).toBeGreaterThanOrEqual(950) // backoff alone would be ≤ 20 ms
    })

    it("does not wait for a Retry-After beyond 30 s: reports it instead", async () => {
      fake.reply({ status: 429, headers: { "retry-after": "120" } })
      const e = await failure(client.getBalances())
      expect(fake.seen).toHaveLength(1)
      expect(e).toMatchObject({
        kind: "http",
        httpStatus: 429,
        retryAfterMs: 120000,
        retryable: true,
      })
    })

    it("does not retry a 4xx", async () => {
      fake.reply({
        status: 404,
        body: { code: "Common:NF_0001", type: 4004, message: "Not found", data: [], traceId: "t" },
      })
      const e = await failure(client.getTransaction(TX_ID))
      expect(fake.seen).toHaveLength(1)
      expect(e).toMatchObject({ kind: "http", httpStatus: 404, code: "Common:NF_0001", type: 4004 })
    })

    it("GET that hangs past the timeout is retried, then reported as timeout", async () => {
      client = make({ timeoutMs: 100, retry: { retries: 2, baseDelayMs: 5, maxDelayMs: 10 } })
      fake.reply("hang")
      const started = Date.now()
      const e = await failure(client.getTransaction(TX_ID))
      expect(Date.now() - started).toBeGreaterThanOrEqual(290)
      expect(fake.seen).toHaveLength(3)
      expect(e).toMatchObject({ kind: "timeout", attempts: 3, retryable: true })
      expect(e.message).toContain("no answer within 100 ms")
    })

    it("GET whose socket is closed is retried and succeeds", async () => {
      fake.reply("close", { status: 200, body: statusAnswer })
      await expect(client.getTransaction(TX_ID)).resolves.toMatchObject({ id: TX_ID })
      expect(fake.seen).toHaveLength(2)
    })

    it("GET to a closed port: network error after every attempt", async () => {
      const port = await closedPort()
      const c = make({ baseUrl: `http://127.0.0.1:${port}` })
      const e = await failure(c.getBalances())
      expect(e).toMatchObject({ kind: "network", attempts: 4, retryable: true })
      expect(e.message).toContain("ECONNREFUSED")
    })

    it("subscription cancel is retried (documented idempotent)", async () => {
      fake.reply(
        { status: 503 },
        { status: 200, body: { subscriptionId: SUB_ID, status: "Cancelled" } },
      )
      await expect(client.cancelSubscription(SUB_ID)).resolves.toMatchObject({
        status: "Cancelled",
      })
      expect(fake.seen.map((r) => `${r.method} ${r.url}`)).toEqual([
        `POST /subscription/${SUB_ID}/cancel`,
        `POST /subscription/${SUB_ID}/cancel`,
      ])
    })

    it("exports are retried; json export sends accept: text/plain", async () => {
      const record = {
        recordId: TX_ID,
        createdAt: "2025-01-01 10:00:00",
        amount: "1500.0000000000000000",
        currencyCode: "RUB",
        status: "CONFIRMED",
        paymentMethod: "SBPQR",
        description: "d",
        payload: "",
      }
      fake.reply(
        { status: 500 },
        { status: 200, body: JSON.stringify([record]), headers: { "content-type": "text/plain" } },
      )
      const records = await client.exportTransactionsJson({
        from: "2025-01-01T00:00:00Z",
        to: "2025-01-31T00:00:00Z",
        statuses: ["CONFIRMED"],
        paymentMethods: [2],
      })
      expect(records).toHaveLength(1)
      expect(records[0].amount).toBe(1500)
      expect(fake.seen).toHaveLength(2)
      const req = fake.seen[1]
      expect(req.url).toBe("/transaction/export/json")
      expect(req.headers.accept).toBe("text/plain")
      expect(req.headers["content-type"]).toBe("application/json")
      expect(JSON.parse(req.body.toString())).toEqual({
        from: "2025-01-01T00:00:00Z",
        to: "2025-01-31T00:00:00Z",
        statuses: ["7"],
        paymentMethods: ["2"],
        timeZoneId: "Europe/Moscow",
      })
    })

    it("csv and excel exports answer {url}", async () => {
      fake.reply({ status: 200, body: { url: "https://files.example/a.csv" } })
      const filter = { from: "2025-01-01T00:00:00Z", to: "2025-01-02T00:00:00Z" }
      await expect(client.exportTransactionsCsv(filter)).resolves.toMatchObject({
        url: "https://files.example/a.csv",
      })
      await expect(client.exportTransactionsExcel(filter)).resolves.toMatchObject({
        url: "https://files.example/a.csv",
      })
      expect(fake.seen.map((r) => r.url)).toEqual([
        "/transaction/export/csv",
        "/transaction/export/excel",
      ])
    })

    it("payout retries reuse the Idempotency-Key and the exact body bytes, re-signed", async () => {
      fake.reply({ status: 503 }, "close", {
        status: 200,
        body: { withdrawalRecordId: "w-1", status: "CREATED" },
      })
      await client.createCardPayout({
        cardNumber: "2200000000000000",
        amountRub: 1500,
        idempotencyKey: "payout-order-42",
      })
      expect(fake.seen).toHaveLength(3)
      const bodies = new Set(fake.seen.map((r) => r.body.toString("hex")))
      const keys = new Set(fake.seen.map((r) => r.headers["idempotency-key"]))
      expect(bodies.size).toBe(1)
      expect([...keys]).toEqual(["payout-order-42"])
      expect(fake.seen.every((r) => /^PG-HMAC kid=/.test(r.headers.authorization ?? ""))).toBe(true)
    })
  })

  describe("create and refund are never retried", () => {
    const creates: [string, (c: PlategaClient) => Promise<unknown>][] = [
      ["createTransaction", (c) => c.createTransaction(createTransactionBody)],
      [
        "createSubscription",
        (c) =>
          c.createSubscription({
            paymentDetails: { amount: 299, currency: "RUB", interval: 3, intervalCount: 1 },
            description: "Box",
          }),
      ],
      [
        "createPaymentLink",
        (c) =>
          c.createPaymentLink({
            paymentDetails: { amount: 10, currency: "RUB" },
            description: "d",
            return: "https://shop/ok",
            failedUrl: "https://shop/fail",
          }),
      ],
      ["cancelTransaction", (c) => c.cancelTransaction(TX_ID)],
    ]

    it.each(creates)("%s after 503: one request, outcome_unknown", async (_name, call) => {
      fake.reply({ status: 503 }, { status: 200, body: createTransactionAnswer })
      const e = await failure(call(client))
      expect(fake.seen).toHaveLength(1)
      expect(e).toMatchObject({
        kind: "outcome_unknown",
        httpStatus: 503,
        retryable: false,
        attempts: 1,
      })
      expect(e.message).toMatch(/outcome unknown/)
    })

    it.each(creates)("%s that times out: one request, outcome_unknown", async (_name, call) => {
      client = make({ timeoutMs: 150 })
      fake.reply("hang")
      const e = await failure(call(client))
      expect(fake.seen).toHaveLength(1)
      expect(e).toMatchObject({ kind: "outcome_unknown", retryable: false })
      expect(e.message).toMatch(/outcome unknown/)
      expect(e.message).toMatch(/check its status before trying again/i)
    })

    it.each(creates)(
      "%s whose socket closes: one request, outcome_unknown",
      async (_name, call) => {
        fake.reply("close", { status: 200, body: createTransactionAnswer })
        const e = await failure(call(client))
        expect(fake.seen).toHaveLength(1)
        expect(e.kind).toBe("outcome_unknown")
        expect(e.message).toMatch(/outcome unknown.*check its status.*before trying again/i)
      },
    )

    it("createTransaction with a clean 400: an ordinary http error with field errors", async () => {
      fake.reply({
        status: 400,
        body: {
          code: "Common:VAL_0001",
          type: 4001,
          message: "Validation error",
          data: [{ key: "return", message: "The return field is required." }],
          traceId: "tr-400",
        },
      })
      const e = await failure(client.createTransaction(createTransactionBody))
      expect(fake.seen).toHaveLength(1)
      expect(e).toMatchObject({
        kind: "http",
        httpStatus: 400,
        code: "Common:VAL_0001",
        traceId: "tr-400",
        retryable: false,
        fieldErrors: [{ key: "return", message: "The return field is required." }],
      })
    })

    it("createTransaction with 429: not retried, reported as retryable http", async () => {
      fake.reply({ status: 429 }, { status: 200, body: createTransactionAnswer })
      const e = await failure(client.createTransaction(createTransactionBody))
      expect(fake.seen).toHaveLength(1)
      expect(e).toMatchObject({ kind: "http", httpStatus: 429, retryable: true })
    })

    it("createTransaction to a closed port: network (nothing was sent), not outcome_unknown", async () => {
      const port = await closedPort()
      const e = await failure(
        make({ baseUrl: `http://127.0.0.1:${port}` }).createTransaction(createTransactionBody),
      )
      expect(e).toMatchObject({ kind: "network", attempts: 1, retryable: true })
      expect(e.message).toContain("nothing was sent")
    })
  })
})
