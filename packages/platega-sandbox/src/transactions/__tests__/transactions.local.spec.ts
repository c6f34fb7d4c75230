import type { RunningSandbox } from "../../types"
import { crc16, qrIdOf } from "../../payer/qr"
import {
  FAILED_URL,
  RETURN_URL,
  api,
  createPayment,
  paymentBody,
  start,
} from "../../__tests__/helpers"

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** The NSPK-shaped SBP link of a transaction, with its checksum (see payer/qr.ts). */
function sbpQr(sandbox: RunningSandbox, id: string, kopecks: number): string {
  const base = `${sandbox.url}/qr/${qrIdOf(id)}?type=02&bank=100000000000&sum=${kopecks}&cur=RUB`
  return `${base}&crc=${crc16(base)}`
}

describe("sandbox: transactions API", () => {
  let sandbox: RunningSandbox

  beforeAll(async () => {
    sandbox = await start()
  })
  afterAll(async () => {
    await sandbox.stop()
  })

  describe("POST /transaction/process", () => {
    it("creates an SBP payment with the documented response shape", async () => {
      const res = await api<Record<string, unknown>>(
        sandbox,
        "POST",
        "/transaction/process",
        paymentBody(),
      )
      expect(res.status).toBe(200)
      expect(res.body).toEqual({
        paymentMethod: "SBPQR",
        transactionId: expect.stringMatching(UUID),
        redirect: `${sandbox.url}/pay/${res.body.transactionId}`,
        return: RETURN_URL,
        paymentDetails: "1500 RUB",
        status: "PENDING",
        expiresIn: "00:30:00",
        merchantId: sandbox.merchantId,
        usdtRate: 92.5,
      })
    })

    it.each([
      [11, "CardAcquiring"],
      [3, "ERIP"],
      [12, "InternationalAcquiring"],
      [13, "Crypto"],
      [14, "SberPay"],
    ])("accepts one-off method %i (%s)", async (method, name) => {
      const res = await api<Record<string, unknown>>(
        sandbox,
        "POST",
        "/transaction/process",
        paymentBody({ paymentMethod: method }),
      )
      expect(res.status).toBe(200)
      expect(res.body.paymentMethod).toBe(name)
    })

    it("generates a new id for every create (no idempotency on create)", async () => {
      const a = await createPayment(sandbox)
      const b = await createPayment(sandbox)
      expect(a.transactionId).not.toBe(b.transactionId)
    })

    it.each([
      ["amount 0", { amount: 0 }, "paymentDetails.amount"],
      ["negative amount", { amount: -5 }, "paymentDetails.amount"],
      ["three decimals", { amount: 10.001 }, "paymentDetails.amount"],
      ["amount as text", { amount: "100" }, "paymentDetails.amount"],
      ["unknown currency", { currency: "XYZ" }, "paymentDetails.currency"],
      ["USD on SBP", { currency: "USD" }, "paymentDetails.currency"],
    ])("answers 400 Common:VAL_0001 for %s", async (_name, details, key) => {
      const res = await api<{
        code: string
        type: number
        data: { key: string; message: string }[]
        traceId: string
      }>(sandbox, "POST", "/transaction/process", paymentBody({}, details))
      expect(res.status).toBe(400)
      expect(res.body.code).toBe("Common:VAL_0001")
      expect(res.body.type).toBe(4001)
      expect(res.body.traceId).toMatch(/^[0-9a-f]{32}$/)
      expect(res.body.data.map((d) => d.key)).toContain(key)
    })

    it("accepts amounts like 0.1 + 0.2 and USD on international cards", async () => {
      expect(
        (await api(sandbox, "POST", "/transaction/process", paymentBody({}, { amount: 0.1 + 0.2 })))
          .status,
      ).toBe(200)
      const usd = await api(
        sandbox,
        "POST",
        "/transaction/process",
        paymentBody({ paymentMethod: 12 }, { currency: "usd" }),
      )
      expect(usd.status).toBe(200)
    })

    it.each([
      ["return is not a URL", { return: "not a url" }, "return"],
      ["failedUrl uses ftp", { failedUrl: "ftp://shop.example/x" }, "failedUrl"],
      ["missing description", { description: undefined }, "description"],
      ["missing return", { return: undefined }, "return"],
      ["unknown method", { paymentMethod: 7 }, "paymentMethod"],
      ["method as text", { paymentMethod: "SBP" }, "paymentMethod"],
      ["missing method", { paymentMethod: undefined }, "paymentMethod"],
    ])("answers 400 when %s", async (_name, overrides, key) => {
      const res = await api<{ data: { key: string }[] }>(
        sandbox,
        "POST",
        "/transaction/process",
        paymentBody(overrides),
      )
      expect(res.status).toBe(400)
      expect(res.body.data.map((d) => d.key)).toContain(key)
    })

    it("answers 400 for a body that is not JSON", async () => {
      const res = await api<{ code: string; data: { key: string }[] }>(
        sandbox,
        "POST",
        "/transaction/process",
        "{oops",
      )
      expect(res.status).toBe(400)
      expect(res.body.code).toBe("Common:VAL_0001")
      expect(res.body.data[0].key).toBe("body")
    })

    it("requires metadata.userId when the merchant category needs it", async () => {
      await sandbox.control.configure({ requireUserId: true })
      try {
        const missing = await api<{ data: { key: string }[] }>(
          sandbox,
          "POST",
          "/transaction/process",
          paymentBody(),
        )
        expect(missing.status).toBe(400)
        expect(missing.body.data[0].key).toBe("metadata.userId")
        const ok = await api(
          sandbox,
          "POST",
          "/transaction/process",
          paymentBody({ metadata: { userId: "u1", userName: "Ann" } }),
        )
        expect(ok.status).toBe(200)
      } finally {
        await sandbox.control.configure({ requireUserId: false })
      }
    })
  })

  describe("authentication", () => {
    const expected401 = {
      code: "Auth:SIGN_1001",
      type: 4002,
      message: "Merchant secret key is not correct.",
      data: [],
      traceId: expect.any(String),
    }

    it.each([
      ["a wrong secret", { "X-Secret": "nope" }],
      ["a secret with a different length", { "X-Secret": "sandbox-secret-and-more" }],
    ])("answers 401 for %s", async (_name, headers) => {
      const res = await api(sandbox, "POST", "/transaction/process", paymentBody(), headers)
      expect(res.status).toBe(401)
      expect(res.body).toEqual(expected401)
    })

    it("answers an unknown merchant id with 401 Auth:SIGN_1002, as the service does", async () => {
      const res = await api(sandbox, "POST", "/transaction/process", paymentBody(), {
        "X-MerchantId": "00000000-0000-4000-8000-000000000000",
      })
      expect(res.status).toBe(401)
      expect(res.body).toMatchObject({ code: "Auth:SIGN_1002", message: "Merchant not found." })
    })

    it("answers 401 without headers on every merchant route", async () => {
      for (const [method, path] of [
        ["GET", "/transaction/00000000-0000-4000-8000-000000000000"],
        ["GET", "/balance/all"],
        ["GET", "/subscription"],
        ["POST", "/transaction/export/json"],
        ["POST", "/v2/transaction/process"],
      ]) {
        const res = await fetch(`${sandbox.url}${path}`, { method })
        expect([method, path, res.status]).toEqual([method, path, 401])
      }
    })

    it("accepts the merchant id in upper case", async () => {
      const res = await api(sandbox, "GET", "/balance/all", undefined, {
        "X-MerchantId": sandbox.merchantId.toUpperCase(),
      })
      expect(res.status).toBe(200)
    })
  })

  describe("GET /transaction/{id}", () => {
    it("answers the full status shape with the service's spellings", async () => {
      const created = await createPayment(
        sandbox,
        { orderId: "order-9", metadata: { userId: "u1" } },
        { amount: 1000 },
      )
      const res = await api<Record<string, unknown>>(
        sandbox,
        "GET",
        `/transaction/${created.transactionId}`,
      )
      expect(res.status).toBe(200)
      expect(res.body).toEqual({
        id: created.transactionId,
        status: "PENDING",
        paymentDetails: { amount: 1000, currency: "RUB" },
        merchantName: "Sandbox Merchant",
        mechantId: sandbox.merchantId,
        comission: 30,
        paymentMethod: "SBPQR",
        expiresIn: "00:30:00",
        return: RETURN_URL,
        comissionUsdt: 0.32,
        amountUsdt: 10.81,
        qr: sbpQr(sandbox, created.transactionId, 100000),
        payformSuccessUrl: RETURN_URL,
        payload: "session_1",
        comissionType: 0,
        externalId: expect.stringMatching(UUID),
        description: "Order #1",
        refundStatus: null,
        refundStatusMessage: null,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      })
      // orderId is not echoed back as externalId
      expect(res.body.externalId).not.toBe("order-9")
    })

    it("answers 404 Common:NF_0001 for an unknown id", async () => {
      const res = await api<{ code: string; type: number }>(
        sandbox,
        "GET",
        "/transaction/11111111-1111-4111-8111-111111111111",
      )
      expect(res.status).toBe(404)
      expect(res.body).toMatchObject({ code: "Common:NF_0001", type: 4004 })
    })

    it("shows CONFIRMED after the payer pays", async () => {
      const created = await createPayment(sandbox)
      await sandbox.control.confirm(created.transactionId)
      const res = await api<{ status: string }>(
        sandbox,
        "GET",
        `/transaction/${created.transactionId}`,
      )
      expect(res.body.status).toBe("CONFIRMED")
    })
  })

  describe("POST /v2/transaction/process (method-less link)", () => {
    it("answers url and rate instead of redirect and usdtRate", async () => {
      const body = paymentBody({ paymentMethod: undefined })
      const res = await api<Record<string, unknown>>(
        sandbox,
        "POST",
        "/v2/transaction/process",
        body,
      )
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({
        transactionId: expect.stringMatching(UUID),
        url: expect.stringContaining("/pay/"),
        rate: 92.5,
        status: "PENDING",
        paymentMethod: null,
      })
      expect(res.body).not.toHaveProperty("redirect")
      expect(res.body).not.toHaveProperty("usdtRate")
      const status = await api<{ paymentMethod: unknown }>(
        sandbox,
        "GET",
        `/transaction/${res.body.transactionId}`,
      )
      expect(status.body.paymentMethod).toBeNull()
    })
  })

  describe("GET /h2h/{id}", () => {
    it("answers amount and qr for an SBP payment", async () => {
      const created = await createPayment(sandbox, {}, { amount: 12.99 })
      const res = await api(sandbox, "GET", `/h2h/${created.transactionId}`)
      expect(res.status).toBe(200)
      expect(res.body).toEqual({ amount: 12.99, qr: sbpQr(sandbox, created.transactionId, 1299) })
    })

    it("refuses card payments and disabled merchants", async () => {
      const card = await createPayment(sandbox, { paymentMethod: 11 })
      expect((await api(sandbox, "GET", `/h2h/${card.transactionId}`)).status).toBe(400)
      // An unknown id is a 400 here, not a 404 (as the service answers it).
      expect((await api(sandbox, "GET", `/h2h/00000000-0000-4000-8000-000000000000`)).status).toBe(
        400,
      )
      await sandbox.control.configure({ h2hEnabled: false })
      try {
        const sbp = await createPayment(sandbox)
        expect((await api(sandbox, "GET", `/h2h/${sbp.transactionId}`)).status).toBe(403)
      } finally {
        await sandbox.control.configure({ h2hEnabled: true })
      }
    })
  })

  it("answers unknown routes with a 404 in the service's shape", async () => {
    const res = await api<{ code: string }>(sandbox, "GET", "/nope")
    expect(res.status).toBe(404)
    expect(res.body.code).toBe("Common:NF_0001")
  })

  it("keeps the failed URL for the payer pages", async () => {
    const created = await createPayment(sandbox)
    expect((await sandbox.control.getTransaction(created.transactionId))?.failedUrl).toBe(
      FAILED_URL,
    )
  })
})
