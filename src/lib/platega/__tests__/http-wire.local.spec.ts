import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib"
import type { PlategaClient } from "../client"
import type { FakeServer } from "./support/fake-server"
import {
  MERCHANT_ID,
  SECRET,
  SUB_ID,
  TX_ID,
  createTransactionAnswer,
  createTransactionBody,
  statusAnswer,
} from "./support/fixtures"
import { failure } from "./support/failure"
import { useScriptedClient, type Scripted } from "./support/scripted-client"

// What goes over the wire and what is accepted back, against a scripted local HTTP server.
describe("PlategaClient over HTTP: the wire", () => {
  let fake: FakeServer
  let client: PlategaClient
  let make: Scripted["make"]
  useScriptedClient((s) => ({ fake, client, make } = s))

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
})
