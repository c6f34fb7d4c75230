import { amountsEqual } from "../money"
import { parseCallback } from "../callbacks"
import type { PlategaClient } from "../client"
import { describeSubscriptionStatus, isFinalStatus } from "../codes"
import { failure } from "./support/failure"
import {
  payment,
  useSandboxClient,
  type Sandbox,
  type Receiver,
  type SandboxClient,
} from "./support/sandbox-client"

// The client against the project's Platega sandbox (support/sandbox-client.ts): the payer's side.
describe("PlategaClient ↔ sandbox: payments, refunds, subscriptions", () => {
  let sb: Sandbox
  let receiver: Receiver
  let client: PlategaClient
  let make: SandboxClient["make"]
  let callbacks: SandboxClient["callbacks"]
  useSandboxClient((s) => ({ sb, receiver, client, make, callbacks } = s))

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

      // The sandbox answers the documented lower-case `cancelled`; the client reads it as the reads do.
      const cancelled = await client.cancelSubscription(id)
      expect(cancelled).toMatchObject({ subscriptionId: id, status: "Cancelled" })
      const again = await client.cancelSubscription(id)
      expect(again).toMatchObject({ subscriptionId: id, status: cancelled.status })
      expect((await client.getSubscription(id)).status).toBe("Cancelled")
    })
  })
})
