// Over 300 lines on purpose: the whole client against one sandbox boot, endpoint by endpoint.
import { type IncomingHttpHeaders, createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { startSandbox } from "platega-sandbox"
import { amountsEqual } from "../amount"
import { parseCallback } from "../callbacks"
import { PlategaClient } from "../client"
import { describeSubscriptionStatus, isFinalStatus } from "../codes"
import type { PlategaCallback, PlategaClientOptions } from "../types"
import { failure } from "./support/failure"

/**
 * The client against the project's Platega sandbox over real HTTP. The sandbox is an independent
 * reading of the same spec: a failure here means one of the two misreads it.
 */

type Sandbox = Awaited<ReturnType<typeof startSandbox>>

interface Received {
  headers: IncomingHttpHeaders
  body: string
}

/** The merchant's callback URL: records every delivery, answers 200. */
async function startReceiver() {
  const received: Received[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") })
      res.writeHead(200).end("OK")
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/platega`
  return {
    url,
    received,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

const payment = {
  paymentDetails: { amount: 1500.5, currency: "RUB" },
  description: "Order #100",
  return: "https://shop.example/ok",
  failedUrl: "https://shop.example/fail",
}

describe("PlategaClient ↔ sandbox", () => {
  let sb: Sandbox
  let receiver: Awaited<ReturnType<typeof startReceiver>>
  let client: PlategaClient
  const make = (extra: Partial<PlategaClientOptions> = {}) =>
    new PlategaClient({
      baseUrl: sb.url,
      merchantId: sb.merchantId,
      secret: sb.secret,
      payoutKey: sb.payoutKey,
      timeoutMs: 5000,
      retry: { retries: 3, baseDelayMs: 5, maxDelayMs: 20 },
      ...extra,
    })

  /** Callbacks delivered so far, parsed. */
  async function callbacks(): Promise<PlategaCallback[]> {
    await sb.control.waitForCallbacks(5000)
    return receiver.received.map((r) => parseCallback(r.body))
  }

  beforeAll(async () => {
    receiver = await startReceiver()
    sb = await startSandbox({
      port: 0,
      callbackRetryIntervalMs: 50,
      callbackUrl: receiver.url,
      seed: 7,
      quiet: true,
    })
  })
  beforeEach(async () => {
    await sb.control.reset()
    await sb.control.setCallbackUrl(receiver.url)
    receiver.received.length = 0
    client = make()
  })
  afterAll(async () => {
    await sb?.stop()
    await receiver?.stop()
  })

  describe("connection", () => {
    it("testConnection: ok with the right credentials, payout key checked", async () => {
      await expect(client.testConnection()).resolves.toMatchObject({
        status: "ok",
        payoutKey: "ok",
      })
    })

    it("testConnection: rejected with a wrong secret; payout key rejected alone", async () => {
      const wrong = await make({ secret: "not-the-secret" }).testConnection()
      expect(wrong).toMatchObject({ status: "rejected", httpStatus: 401 })
      expect(wrong.message).toMatch(/^Platega 401/)
      expect(wrong.message).not.toContain("not-the-secret")
      await expect(make({ payoutKey: "wrong-key" }).testConnection()).resolves.toMatchObject({
        status: "ok",
        payoutKey: "rejected",
      })
    })

    it("saving the callback URL sends the dashboard probe {}, recognised as a probe", async () => {
      await sb.control.setCallbackUrl(receiver.url, { probe: true })
      expect(receiver.received.length).toBeGreaterThan(0)
      expect(parseCallback(receiver.received[0].body)).toEqual({ kind: "probe" })
    })

    it("a wrong secret on create is a typed 401 with the service's code and traceId", async () => {
      const e = await failure(
        make({ secret: "nope" }).createTransaction({ ...payment, paymentMethod: 2 }),
      )
      expect(e).toMatchObject({ kind: "http", httpStatus: 401, retryable: false })
      expect(e.code).toBe("Auth:SIGN_1001")
      expect(e.traceId).toEqual(expect.any(String))
      expect(e.message).toBe(
        `Platega 401 Auth:SIGN_1001: Merchant secret key is not correct. (traceId ${e.traceId})`,
      )
    })
  })

  describe("errors seen in production", () => {
    it("an unknown merchant id is Auth:SIGN_1002, with what to do", async () => {
      const e = await failure(
        make({ merchantId: "00000000-0000-4000-8000-000000000000" }).getBalances(),
      )
      expect(e).toMatchObject({ kind: "http", httpStatus: 401, code: "Auth:SIGN_1002" })
      expect(e.message).toMatch(
        /Merchant not found\. — Platega knows no merchant with this merchant id/,
      )
    })

    it("the host-to-host read's 400 for an unknown transaction says so", async () => {
      const e = await failure(make().getH2hQr("00000000-0000-4000-8000-000000000000"))
      expect(e).toMatchObject({ httpStatus: 400, endpoint: "GET /h2h/{id}" })
      expect(e.message).toMatch(/Platega does not know this transaction/)
    })
  })

  describe("one-off payments", () => {
    it.each([2, 11])(
      "method %i: create → PENDING, read back, confirm → CONFIRMED + callback",
      async (method) => {
        const created = await client.createTransaction({
          ...payment,
          paymentMethod: method,
          payload: "sess_1",
        })
        expect(created.status).toBe("PENDING")
        expect(created.redirect).toEqual(expect.any(String))
        expect(created.expiresIn).toMatch(/^\d{2}:\d{2}:\d{2}$/)

        const read = await client.getTransaction(created.transactionId)
        expect(read.id).toBe(created.transactionId)
        expect(read.status).toBe("PENDING")
        expect(amountsEqual(read.paymentDetails.amount, 1500.5)).toBe(true)
        expect(read.paymentDetails.currency).toBe("RUB")
        expect(read.payload).toBe("sess_1")

        await sb.control.confirm(created.transactionId)
        const after = await client.getTransaction(created.transactionId)
        expect(after.status).toBe("CONFIRMED")
        expect(isFinalStatus(after.status)).toBe(true)

        const cbs = await callbacks()
        const tx = cbs.find((c) => c.kind === "transaction" && c.id === created.transactionId)
        expect(tx).toMatchObject({
          kind: "transaction",
          status: "CONFIRMED",
          currency: "RUB",
          payload: "sess_1",
        })
        if (tx?.kind !== "transaction") throw new Error("narrowing")
        expect(amountsEqual(tx.amount, 1500.5)).toBe(true)
        // The service writes callback amounts with 16 decimals; parsed above as a number.
        expect(receiver.received[0].body).toMatch(/"amount":"?1500\.5000000000000000/)
        const headers = receiver.received[0].headers
        expect(headers["x-merchantid"]).toBe(sb.merchantId)
        expect(headers["x-secret"]).toBe(sb.secret)
      },
    )

    it("decline → CANCELED with a callback", async () => {
      const created = await client.createTransaction({ ...payment, paymentMethod: 2 })
      await sb.control.decline(created.transactionId)
      expect((await client.getTransaction(created.transactionId)).status).toBe("CANCELED")
      expect(await callbacks()).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ kind: "transaction", status: "CANCELED" }),
        ]),
      )
    })

    it("unknown transaction → 404 http error", async () => {
      const e = await failure(client.getTransaction("00000000-0000-4000-8000-000000000000"))
      expect(e).toMatchObject({ kind: "http", httpStatus: 404, endpoint: "GET /transaction/{id}" })
    })

    it("a merchant that needs metadata.userId: 400 with field errors", async () => {
      await sb.control.configure({ requireUserId: true })
      const e = await failure(client.createTransaction({ ...payment, paymentMethod: 2 }))
      expect(e).toMatchObject({ kind: "http", httpStatus: 400 })
      expect(e.fieldErrors.map((f) => f.key).join(" ")).toMatch(/userId/i)
      await expect(
        client.createTransaction({ ...payment, paymentMethod: 2, metadata: { userId: "cus_1" } }),
      ).resolves.toMatchObject({ status: "PENDING" })
    })

    it("payment link (v2) answers url and rate; its transaction can be read", async () => {
      const link = await client.createPaymentLink(payment)
      expect(link.url).toEqual(expect.any(String))
      expect(link.rate).toEqual(expect.any(Number))
      expect((await client.getTransaction(link.transactionId)).status).toBe("PENDING")
    })

    it("host-to-host QR", async () => {
      const created = await client.createTransaction({ ...payment, paymentMethod: 2 })
      const qr = await client.getH2hQr(created.transactionId)
      expect(qr.qr.length).toBeGreaterThan(0)
      expect(amountsEqual(qr.amount, 1500.5)).toBe(true)
    })
  })

  describe("refunds", () => {
    it("cancel-supported → cancel → CHARGEBACKED with callback", async () => {
      const created = await client.createTransaction({ ...payment, paymentMethod: 11 })
      await sb.control.confirm(created.transactionId)
      const check = await client.getCancelSupported(created.transactionId)
      expect(check.supported).toBe(true)
      const result = await client.cancelTransaction(created.transactionId)
      expect(result).toMatchObject({ transactionId: created.transactionId, accepted: true })
      expect((await client.getTransaction(created.transactionId)).status).toBe("CHARGEBACKED")
      expect(await callbacks()).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ kind: "transaction", status: "CHARGEBACKED" }),
        ]),
      )
    })

    it("manual control is an answer, not an error", async () => {
      await sb.control.configure({ forceManualControl: true })
      const created = await client.createTransaction({ ...payment, paymentMethod: 2 })
      await sb.control.confirm(created.transactionId)
      const result = await client.cancelTransaction(created.transactionId)
      expect(result).toMatchObject({ accepted: false, manualControlRequired: true })
      expect((await client.getTransaction(created.transactionId)).status).toBe("CONFIRMED")
    })

    it("refusing to cancel a PENDING payment is an http error (text/plain is parsed)", async () => {
      const created = await client.createTransaction({ ...payment, paymentMethod: 2 })
      const e = await failure(client.cancelTransaction(created.transactionId))
      expect(e.kind).toBe("http")
      expect(e.httpStatus).toBeGreaterThanOrEqual(400)
      expect(e.httpStatus).toBeLessThan(500)
      expect(e.message.length).toBeGreaterThan(`Platega ${e.httpStatus}: `.length)
    })
  })

  describe("subscriptions", () => {
    it("create → bind → Active, callbacks of both PascalCase kinds, list, cancel twice", async () => {
      const created = await client.createSubscription({
        paymentDetails: { amount: 299, currency: "RUB", interval: 3, intervalCount: 1 },
        description: "Coffee box",
      })
      const id = created.transactionId
      await sb.control.bindSubscription(id, { email: "ann@example.com" })

      const one = await client.getSubscription(id)
      expect(one).toMatchObject({ id, status: "Active", intervalUnit: "Month", intervalCount: 1 })
      expect(amountsEqual(one.amount, 299)).toBe(true)

      const list = await client.listSubscriptions({ page: 1, size: 50 })
      const item = list.items.find((i) => i.id === id)
      expect(item).toBeDefined()
      expect(describeSubscriptionStatus(item!.status).text).toBe("Active")

      const cbs = await callbacks()
      expect(cbs).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            kind: "subscription_status",
            Id: id,
            Status: "SUBSCRIPTION_ACTIVATED",
          }),
        ]),
      )

      await sb.control.chargeSubscription(id, "success")
      const charges = (await callbacks()).filter((c) => c.kind === "subscription_charge")
      expect(charges.length).toBeGreaterThan(0)
      expect(charges[charges.length - 1]).toMatchObject({ SubscriptionId: id, Status: "CONFIRMED" })

      const cancelled = await client.cancelSubscription(id)
      expect(cancelled.subscriptionId).toBe(id)
      const again = await client.cancelSubscription(id)
      expect(again).toMatchObject({ subscriptionId: id, status: cancelled.status })
      expect((await client.getSubscription(id)).status).toBe("Cancelled")
    })
  })

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
