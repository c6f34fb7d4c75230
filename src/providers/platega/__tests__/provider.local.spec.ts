import { PaymentActions, PaymentSessionStatus } from "@medusajs/framework/utils"
import { startSandbox, type RunningSandbox } from "platega-sandbox"
import { PlategaCardService } from "../services/card"
import { PlategaSbpService } from "../services/sbp"

// The providers on their own (no Medusa app), talking to the sandbox over real HTTP.
let sandbox: RunningSandbox
let sbp: PlategaSbpService
let card: PlategaCardService
const logger = { debug: jest.fn(), info: jest.fn(), warn: jest.fn(), error: jest.fn() }

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, quiet: true })
  const options = {
    merchantId: sandbox.merchantId,
    secret: sandbox.secret,
    baseUrl: sandbox.url,
    returnUrl: "https://shop.example/return?session={session_id}",
  }
  // The cradle Medusa gives a provider; only the logger is used outside webhooks.
  sbp = new PlategaSbpService({ logger } as never, options as never)
  card = new PlategaCardService({ logger } as never, options as never)
})

afterAll(() => sandbox.stop())
beforeEach(() => sandbox.control.reset())

const customer = { id: "cus_1", email: "ivan@example.com", first_name: "Иван", last_name: "Петров" }

/** How many transactions the sandbox holds (its control API, not Platega's). */
async function transactionCount(): Promise<number> {
  const res = await fetch(`${sandbox.url}/_sandbox/transactions?limit=1`)
  return ((await res.json()) as { total: number }).total
}

describe("initiatePayment", () => {
  it("creates a method-2 transaction carrying the session id, return URL and customer", async () => {
    const out = await sbp.initiatePayment({
      amount: "2990.5",
      currency_code: "rub",
      data: { session_id: "payses_1", pay: true, show_qr: true },
      context: { customer },
    })
    expect(out.status).toBe(PaymentSessionStatus.PENDING)
    expect(out.data).toMatchObject({
      amount: "2990.50",
      currency: "RUB",
      payment_method: 2,
      session_id: "payses_1",
    })
    const tx = await sandbox.control.getTransaction(out.id)
    expect(tx).toMatchObject({
      status: "PENDING",
      payload: "payses_1",
      amount: 2990.5,
      paymentMethod: 2,
      returnUrl: "https://shop.example/return?session=payses_1",
      metadata: { userId: "cus_1", userName: "Иван Петров" },
    })
    expect(out.data?.qr).toEqual(expect.any(String))
  })

  it("uses the storefront's return addresses over the options", async () => {
    const out = await card.initiatePayment({
      amount: 100,
      currency_code: "rub",
      data: {
        session_id: "payses_2",
        return_url: "https://a.example/ok",
        failed_url: "https://a.example/no",
      },
    })
    const tx = await sandbox.control.getTransaction(out.id)
    expect(tx).toMatchObject({
      paymentMethod: 11,
      returnUrl: "https://a.example/ok",
      failedUrl: "https://a.example/no",
    })
  })

  it("refuses an unsupported currency before calling Platega", async () => {
    await expect(
      sbp.initiatePayment({
        amount: 10,
        currency_code: "eur",
        data: { session_id: "payses_3", pay: true },
      }),
    ).rejects.toThrow(/does not accept EUR/)
    expect(await transactionCount()).toBe(0)
  })

  it("surfaces Platega's error code, message and traceId", async () => {
    const broken = new PlategaSbpService(
      { logger } as never,
      {
        // Another merchant's id: the credential registry is keyed by merchant id.
        merchantId: "11111111-2222-4333-8444-555555555555",
        secret: "wrong",
        baseUrl: sandbox.url,
        returnUrl: "https://x.example",
      } as never,
    )
    const err = await broken
      .initiatePayment({
        amount: 10,
        currency_code: "rub",
        data: { session_id: "payses_4", pay: true },
      })
      .catch((e: Error) => e)
    // A merchant id Platega does not know: its own code, and what to do about it.
    expect((err as Error).message).toMatch(
      /401 Auth:SIGN_1002: Merchant not found\. — Platega knows no merchant with this merchant id .*traceId/,
    )
    expect((err as Error).message).not.toContain("wrong")
  })
})

describe("a session that only records the chosen method", () => {
  it("makes no transaction until the payment starts, and is never paid nor failed", async () => {
    const chosen = await card.initiatePayment({
      amount: 500,
      currency_code: "rub",
      data: { session_id: "payses_c1" },
    })
    expect(chosen).toMatchObject({
      status: PaymentSessionStatus.PENDING,
      data: { session_id: "payses_c1", amount: "500.00", currency: "RUB", payment_method: 11 },
    })
    expect(chosen.data?.transaction_id).toBeUndefined()
    const refreshed = await card.updatePayment({
      amount: 650,
      currency_code: "rub",
      data: chosen.data!,
    })
    expect(refreshed.data).toMatchObject({ amount: "650.00" })
    expect(refreshed.data?.transaction_id).toBeUndefined()
    expect(await transactionCount()).toBe(0)
    expect((await card.getPaymentStatus({ data: chosen.data! })).status).toBe(
      PaymentSessionStatus.PENDING,
    )
    await expect(card.authorizePayment({ data: chosen.data! })).rejects.toThrow(
      /payment was not started.*no Platega transaction yet.*data\.return_url/,
    )
    expect((await card.cancelPayment({ data: chosen.data! })).data).toEqual(chosen.data)
    await card.deletePayment({ data: chosen.data! })
    // Still checked at once: a currency Platega does not take fails when chosen, not when paying.
    await expect(
      card.initiatePayment({ amount: 1, currency_code: "eur", data: { session_id: "payses_c2" } }),
    ).rejects.toThrow(/does not accept EUR/)
    const started = await card.initiatePayment({
      amount: 500,
      currency_code: "rub",
      data: { session_id: "payses_c3", return_url: "https://a.example/ok" },
    })
    expect(started.data?.transaction_id).toEqual(expect.any(String))
    expect(await transactionCount()).toBe(1)
  })
})

describe("status, capture, update", () => {
  it("maps PENDING → pending, CONFIRMED → captured, and capture only confirms", async () => {
    const { id, data } = await card.initiatePayment({
      amount: 500,
      currency_code: "rub",
      data: { session_id: "payses_5", pay: true },
    })
    expect((await card.authorizePayment({ data })).status).toBe(PaymentSessionStatus.PENDING)
    await expect(card.capturePayment({ data })).rejects.toThrow(/PENDING, not CONFIRMED/)
    await sandbox.control.confirm(id)
    expect((await card.authorizePayment({ data })).status).toBe(PaymentSessionStatus.CAPTURED)
    expect((await card.capturePayment({ data })).data).toMatchObject({
      platega_status: "CONFIRMED",
    })
  })

  it("keeps the transaction when the amount is unchanged, and makes a new one when it changes", async () => {
    const first = await card.initiatePayment({
      amount: 500,
      currency_code: "rub",
      data: { session_id: "payses_6", pay: true },
    })
    const same = await card.updatePayment({
      amount: "500.00",
      currency_code: "rub",
      data: first.data,
    })
    expect(same.data?.transaction_id).toBe(first.id)
    const changed = await card.updatePayment({
      amount: 650,
      currency_code: "rub",
      data: first.data,
    })
    expect(changed.data?.transaction_id).not.toBe(first.id)
    expect(changed.data).toMatchObject({ amount: "650.00", session_id: "payses_6" })
  })

  // The amount Medusa will capture comes from the payment module's session (paymentSessionService),
  // which a provider built without Medusa has not: here the session data's amount is compared, the
  // fallback. The production branch is tested in integration-tests/http/attacks-payments.spec.ts.
  it("without the payment module, does not accept a CONFIRMED payment whose amount differs from the session data's", async () => {
    const { id, data } = await card.initiatePayment({
      amount: 500,
      currency_code: "rub",
      data: { session_id: "payses_7", pay: true },
    })
    await sandbox.control.confirm(id)
    const status = await card.getPaymentStatus({ data: { ...data, amount: "499.99" } })
    expect(status.status).toBe(PaymentSessionStatus.ERROR)
  })
})

describe("getWebhookActionAndData", () => {
  it("acts on nothing and reads nothing, even with the merchant's headers: callbacks go to /hooks/platega", async () => {
    const { id } = await sbp.initiatePayment({
      amount: 10,
      currency_code: "rub",
      data: { session_id: "payses_9", pay: true },
    })
    await sandbox.control.confirm(id)
    // Any read of Platega would now fail (and throw): nothing is read.
    await sandbox.control.setFaults({ errorRates: { "GET /transaction/:id": 1 } })
    const body = { id, amount: 10, currency: "RUB", status: "CONFIRMED", payload: "payses_9" }
    for (const headers of [
      { "x-merchantid": sandbox.merchantId, "x-secret": "guess" },
      { "x-merchantid": sandbox.merchantId, "x-secret": sandbox.secret },
    ]) {
      const result = await sbp.getWebhookActionAndData({
        data: body,
        rawData: Buffer.from(""),
        headers,
      })
      expect(result).toEqual({ action: PaymentActions.NOT_SUPPORTED })
    }
    await sandbox.control.setFaults({})
  })
})
