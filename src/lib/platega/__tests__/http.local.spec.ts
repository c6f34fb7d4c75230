// Over 300 lines on purpose: every retry, error and wire rule of the client against one scripted
// server; split, each file would start its own server and repeat the fixtures.
import { PlategaClient } from "../client"
import { gzipSync, deflateSync, brotliCompressSync } from "node:zlib"
import { backoffDelay, parseRetryAfter } from "../http-failures"
import type { PlategaClientOptions } from "../types"
import { FakeServer, closedPort } from "./support/fake-server"
import {
  MERCHANT_ID,
  PAYOUT_KEY,
  SECRET,
  SUB_ID,
  TX_ID,
  balancesAnswer,
  createTransactionAnswer,
  createTransactionBody,
} from "./support/fixtures"
import { failure } from "./support/failure"

/** Retry behaviour and wire format against a scripted local HTTP server (no axios mocks). */

const statusAnswer = {
  id: TX_ID,
  status: "PENDING",
  paymentDetails: { amount: 1500, currency: "RUB" },
}

describe("PlategaClient over HTTP (scripted server)", () => {
  let fake: FakeServer
  let client: PlategaClient
  const make = (extra: Partial<PlategaClientOptions> = {}) =>
    new PlategaClient({
      baseUrl: fake.url,
      merchantId: MERCHANT_ID,
      secret: SECRET,
      payoutKey: PAYOUT_KEY,
      timeoutMs: 2_000,
      retry: { retries: 3, baseDelayMs: 5, maxDelayMs: 20 },
      ...extra,
    })

  beforeAll(async () => {
    fake = await FakeServer.start()
  })
  beforeEach(() => {
    client = make()
  })
  afterAll(() => fake.stop())

  describe("amounts on the wire", () => {
    it("sends an amount rounded to the minor unit (1.1 * 3 goes as 3.3)", async () => {
      fake.reply({ status: 200, body: createTransactionAnswer })
      await client.createTransaction({
        ...createTransactionBody,
        paymentDetails: { amount: 1.1 * 3, currency: "RUB" },
      })
      const sent = fake.seen[0].body.toString("utf8")
      expect(sent).toContain('"amount":3.3,')
      expect(sent).not.toContain("3.3000000000000003")
    })
  })

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

  describe("wire format", () => {
    it("createTransaction sends merchant headers and the documented body", async () => {
      fake.reply({ status: 200, body: createTransactionAnswer })
      const res = await client.createTransaction({
        ...createTransactionBody,
        metadata: { userId: "cus_1", userName: "Ann" },
      })
      expect(res).toMatchObject({
        transactionId: TX_ID,
        redirect: createTransactionAnswer.redirect,
      })
      const req = fake.seen[0]
      expect(`${req.method} ${req.url}`).toBe("POST /transaction/process")
      expect(req.headers["x-merchantid"]).toBe(MERCHANT_ID)
      expect(req.headers["x-secret"]).toBe(SECRET)
      expect(req.headers.authorization).toBeUndefined()
      expect(req.headers["user-agent"]).toBe("medusa-payment-platega")
      expect(JSON.parse(req.body.toString())).toEqual({
        ...createTransactionBody,
        metadata: { userId: "cus_1", userName: "Ann" },
      })
    })

    it("createSubscription sends only paymentMethod 6, paymentDetails, description and payload", async () => {
      fake.reply({
        status: 200,
        body: {
          paymentMethod: "Subscription",
          transactionId: SUB_ID,
          redirect: "https://p/s",
          status: "PENDING",
        },
      })
      const input = {
        paymentDetails: { amount: 299, currency: "RUB", interval: "Month", intervalCount: 1 },
        description: "Box",
        return: "https://shop/ok",
        payload: "x",
      }
      const res = await client.createSubscription(input)
      expect(res.transactionId).toBe(SUB_ID)
      expect(JSON.parse(fake.seen[0].body.toString())).toEqual({
        paymentMethod: 6,
        paymentDetails: { amount: 299, currency: "RUB", interval: 3, intervalCount: 1 },
        description: "Box",
        payload: "x",
      })
    })

    it("createPaymentLink posts to /v2 without paymentMethod", async () => {
      fake.reply({ status: 200, body: { transactionId: TX_ID, url: "https://pay/x", rate: 95.1 } })
      const { paymentMethod: _drop, ...linkBody } = createTransactionBody
      const res = await client.createPaymentLink(linkBody)
      expect(res).toMatchObject({ url: "https://pay/x", rate: 95.1 })
      expect(fake.seen[0].url).toBe("/v2/transaction/process")
      expect(JSON.parse(fake.seen[0].body.toString())).not.toHaveProperty("paymentMethod")
    })

    it("other endpoints: paths, methods and queries", async () => {
      fake.reply({ status: 200, body: {} })
      const calls: [() => Promise<unknown>, string][] = [
        [() => client.getCancelSupported(TX_ID), `GET /transaction/${TX_ID}/cancel-supported`],
        [() => client.getSubscription(SUB_ID), `GET /subscription/${SUB_ID}`],
        [
          () =>
            client.listSubscriptions({
              status: 1,
              from: "2025-01-01T00:00:00Z",
              page: 2,
              size: 50,
            }),
          "GET /subscription?status=1&from=2025-01-01T00%3A00%3A00Z&page=2&size=50",
        ],
        [() => client.listSubscriptions(), "GET /subscription"],
        [() => client.getH2hQr(TX_ID), `GET /h2h/${TX_ID}`],
        [() => client.getBalances(), "GET /balance/all"],
        [() => client.listCards({ onlyActive: false }), "GET /api/v1/cards?onlyActive=false"],
      ]
      for (const [call, expected] of calls) {
        fake.reply({ status: 200, body: {} })
        // The empty answer is invalid for every one of them: exactly one attempt, invalid_response.
        const e = await failure(call())
        expect([expected, e.kind]).toEqual([expected, "invalid_response"])
        expect(fake.seen.map((r) => `${r.method} ${r.url}`)).toEqual([expected])
      }
    })

    it("invalid response bodies: which field, and not retried", async () => {
      fake.reply({
        status: 200,
        body: { ...statusAnswer, paymentDetails: { amount: "lots", currency: "RUB" } },
      })
      const e = await failure(client.getTransaction(TX_ID))
      expect(e.kind).toBe("invalid_response")
      expect(e.message).toContain("paymentDetails.amount")
      expect(e.fieldErrors.map((f) => f.key)).toEqual(["paymentDetails.amount"])
      expect(fake.seen).toHaveLength(1)

      fake.reply({
        status: 200,
        body: "<html>maintenance</html>",
        headers: { "content-type": "text/html" },
      })
      const html = await failure(client.getTransaction(TX_ID))
      expect(html.kind).toBe("invalid_response")
      expect(html.message).toContain("not JSON")
    })

    it("does not follow redirects (they would carry X-Secret elsewhere)", async () => {
      fake.reply({ status: 302, headers: { location: "http://127.0.0.1:1/steal" } })
      const e = await failure(client.getBalances())
      expect(e).toMatchObject({ kind: "http", httpStatus: 302 })
      expect(fake.seen).toHaveLength(1)
    })

    it("refuses bad ids and amounts before sending anything", async () => {
      fake.reply({ status: 200, body: statusAnswer })
      const bad = [
        client.getTransaction("../balance/all"),
        client.cancelTransaction(""),
        client.createTransaction({
          ...createTransactionBody,
          paymentDetails: { amount: 10.123, currency: "RUB" },
        }),
        client.createTransaction({
          ...createTransactionBody,
          paymentDetails: { amount: 0, currency: "RUB" },
        }),
        client.createSubscription({
          paymentDetails: { amount: 10, currency: "RUB", interval: 2, intervalCount: 5 },
          description: "d",
        }),
      ]
      for (const p of bad) expect((await failure(p)).kind).toBe("invalid_request")
      expect(fake.seen).toHaveLength(0)
    })

    it("builds no lines for levels the logger drops, and still logs the rest", async () => {
      const lines: string[] = []
      const asked: string[] = []
      const sink = (level: string) => (msg: string) => lines.push(`${level} ${msg}`)
      const logger = {
        debug: sink("debug"),
        info: sink("info"),
        warn: sink("warn"),
        error: sink("error"),
        shouldLog: (level: string) => {
          asked.push(level)
          return level !== "debug"
        },
      }
      fake.reply({ status: 503 }, { status: 200, body: statusAnswer })
      await make({ logger }).getTransaction(TX_ID)
      expect(asked).toContain("debug")
      expect(lines).toEqual(["warn platega retry"])
      // Without shouldLog every level is written, as before.
      lines.length = 0
      fake.reply({ status: 200, body: statusAnswer })
      await make({ logger: { ...logger, shouldLog: undefined } }).getTransaction(TX_ID)
      expect(lines).toEqual(["debug platega request", "debug platega response"])
    })
  })

  describe("the wire under every call (axios: compression, body cap, deadline)", () => {
    it.each([
      ["gzip", gzipSync],
      ["deflate", deflateSync],
      ["br", brotliCompressSync],
    ] as const)("decodes %s answers", async (encoding, compress) => {
      const text = JSON.stringify({ ...statusAnswer, description: "Платёж ".repeat(200) })
      fake.reply({
        respond: (res) =>
          res
            .writeHead(200, { "content-encoding": encoding, "content-type": "application/json" })
            .end(compress(Buffer.from(text))),
      })
      await expect(client.getTransaction(TX_ID)).resolves.toMatchObject({ id: TX_ID })
      expect(fake.seen[0].headers["accept-encoding"]).toMatch(/gzip/)
    })

    it("sends a bodyless POST with Content-Length 0, not chunked, and a body with its length", async () => {
      fake.reply({ status: 200, body: { subscriptionId: SUB_ID, status: "Cancelled" } })
      await client.cancelSubscription(SUB_ID)
      expect(fake.seen[0].headers).toMatchObject({ "content-length": "0" })
      expect(fake.seen[0].headers["transfer-encoding"]).toBeUndefined()
      fake.reply({ status: 200, body: createTransactionAnswer })
      await client.createTransaction(createTransactionBody)
      expect(fake.seen[0].headers["content-length"]).toBe(String(fake.seen[0].body.length))
    })

    it("refuses an answer that inflates past the byte cap, without retrying", async () => {
      const big = gzipSync(Buffer.alloc(51 * 1024 * 1024, " "))
      client = make({ timeoutMs: 20_000 })
      fake.reply({
        respond: (res) => res.writeHead(200, { "content-encoding": "gzip" }).end(big),
      })
      const e = await failure(client.getTransaction(TX_ID))
      expect(e).toMatchObject({ kind: "network", retryable: false, attempts: 1 })
    })

    it("reports a corrupt compressed body as a bad response, without retrying", async () => {
      fake.reply({
        respond: (res) =>
          res.writeHead(200, { "content-encoding": "gzip" }).end(Buffer.from("not gzip at all")),
      })
      const e = await failure(client.getTransaction(TX_ID))
      expect(e).toMatchObject({ kind: "network", retryable: false, attempts: 1 })
      expect(e.message).toContain("ERR_BAD_RESPONSE")
    })

    it("gives up at the deadline while the body trickles in", async () => {
      client = make({ timeoutMs: 100, retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 1 } })
      fake.reply({
        respond: (res) => {
          res.writeHead(200, { "content-type": "application/json" })
          res.write("{")
        },
      })
      const e = await failure(client.getTransaction(TX_ID))
      expect(e).toMatchObject({ kind: "timeout", attempts: 1 })
    })

    it("a connection cut mid-body is retried as a network error, not read as a short answer", async () => {
      fake.reply(
        {
          respond: (res, req) => {
            res.writeHead(200, { "content-length": "1000" })
            res.write("{")
            setTimeout(() => req.socket.destroy(), 20)
          },
        },
        { status: 200, body: statusAnswer },
      )
      await expect(client.getTransaction(TX_ID)).resolves.toMatchObject({ id: TX_ID })
      expect(fake.seen).toHaveLength(2)
    })
  })

  describe("testConnection", () => {
    it("ok, and checks the payout key with a signed read", async () => {
      fake.reply({ status: 200, body: balancesAnswer }, { status: 200, body: [] })
      await expect(client.testConnection()).resolves.toMatchObject({
        status: "ok",
        payoutKey: "ok",
      })
      expect(fake.seen.map((r) => r.url)).toEqual(["/balance/all", "/api/v1/cards?onlyActive=true"])
    })

    it("rejected on 401, without retrying, payout key skipped", async () => {
      fake.reply({
        status: 401,
        body: {
          code: "Auth:SIGN_1001",
          type: 4002,
          message: "Merchant secret key is not correct.",
          data: [],
          traceId: "t",
        },
      })
      const r = await client.testConnection()
      expect(r).toMatchObject({
        status: "rejected",
        httpStatus: 401,
        code: "Auth:SIGN_1001",
        payoutKey: "skipped",
      })
      expect(r.calls).toEqual([
        expect.objectContaining({
          call: "merchant",
          endpoint: "GET /balance/all",
          status: "rejected",
          code: "Auth:SIGN_1001",
          traceId: "t",
          ms: expect.any(Number),
        }),
        { call: "payout_key", endpoint: "GET /api/v1/cards", status: "skipped", ms: 0 },
      ])
      expect(fake.seen).toHaveLength(1)
    })

    it("payout key rejected while credentials are fine", async () => {
      fake.reply({ status: 200, body: balancesAnswer }, { status: 401, body: "bad signature" })
      await expect(client.testConnection()).resolves.toMatchObject({
        status: "ok",
        payoutKey: "rejected",
      })
    })

    it("unreachable on a closed port and on 5xx; not_configured without payout key", async () => {
      const port = await closedPort()
      const c = new PlategaClient({
        baseUrl: `http://127.0.0.1:${port}`,
        merchantId: MERCHANT_ID,
        secret: SECRET,
      })
      await expect(c.testConnection()).resolves.toMatchObject({
        status: "unreachable",
        payoutKey: "not_configured",
      })
      fake.reply({ status: 503 })
      await expect(client.testConnection()).resolves.toMatchObject({
        status: "unreachable",
        httpStatus: 503,
      })
      expect(fake.seen).toHaveLength(1)
    })
  })
})

describe("backoff and Retry-After", () => {
  const retry = { baseDelayMs: 200, maxDelayMs: 5000 }
  it("is exponential, jittered within [step/2, step] and capped", () => {
    expect([1, 2, 3].map((a) => backoffDelay(a, retry, () => 0))).toEqual([100, 200, 400])
    expect([1, 2, 3].map((a) => backoffDelay(a, retry, () => 1))).toEqual([200, 400, 800])
    expect(backoffDelay(10, retry, () => 1)).toBe(5000)
    expect(backoffDelay(10, retry, () => 0)).toBe(2500)
  })

  it("parses seconds and HTTP dates", () => {
    expect(parseRetryAfter("3")).toBe(3000)
    expect(parseRetryAfter(undefined)).toBeUndefined()
    expect(parseRetryAfter("soon")).toBeUndefined()
    const now = Date.parse("2025-01-01T00:00:00Z")
    expect(parseRetryAfter("Wed, 01 Jan 2025 00:00:10 GMT", now)).toBe(10000)
    expect(parseRetryAfter("Tue, 31 Dec 2024 00:00:00 GMT", now)).toBe(0)
  })
})
