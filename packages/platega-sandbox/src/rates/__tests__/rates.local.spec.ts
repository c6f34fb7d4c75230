import type { RunningSandbox } from "../../types"
import {
  api,
  createPayment,
  queryString,
  useSandbox,
  type ErrorBody,
} from "../../__tests__/helpers"

// GET /rates/payment_method_rate, from the facts (legacy in Platega's current documentation, called
// by every public client): merchant headers; query merchantId, paymentMethod, currencyFrom,
// currencyTo; answer { paymentMethod, currencyFrom, currencyTo, rate (a number), updatedAt (ISO) };
// the documented example answers RUB→USDT with 0.0105: units of currencyTo for 1 currencyFrom.
// Errors in the service's shape: 400 validation (Common:VAL_0001 / 4001, data [{ key, message }]),
// 401 authentication.

interface RateBody {
  paymentMethod: number
  currencyFrom: string
  currencyTo: string
  rate: number
  updatedAt: string
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/

describe("sandbox: GET /rates/payment_method_rate", () => {
  let sandbox: RunningSandbox
  useSandbox((s) => (sandbox = s), {}, { resetEach: true, receiver: false })

  type Query = Record<string, string | number | undefined>
  const rate = <T = RateBody>(query: Query) =>
    api<T>(sandbox, "GET", `/rates/payment_method_rate?${queryString(query)}`)
  const query = (extra: Query = {}): Query => ({
    merchantId: sandbox.merchantId,
    paymentMethod: 2,
    currencyFrom: "RUB",
    currencyTo: "USDT",
    ...extra,
  })

  it("answers { paymentMethod, currencyFrom, currencyTo, rate, updatedAt } for RUB→USDT", async () => {
    const res = await rate(query())
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      paymentMethod: 2,
      currencyFrom: "RUB",
      currencyTo: "USDT",
      // USDT for 1 RUB, at the sandbox's 92.5 RUB per USDT
      rate: 0.01081081,
      updatedAt: expect.stringMatching(ISO),
    })
    expect(Date.parse(res.body.updatedAt)).toBeLessThanOrEqual(await sandbox.control.now())
  })

  it("answers a rate for every method the sandbox serves, the usdtRate of its payments", async () => {
    for (const method of [2, 3, 6, 11, 12, 13, 14]) {
      const res = await rate(
        query({ paymentMethod: method, currencyFrom: "USDT", currencyTo: "RUB" }),
      )
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ paymentMethod: method, rate: 92.5 })
      expect((await rate(query({ paymentMethod: method }))).body.rate).toBe(0.01081081)
    }
    const payment = await createPayment(sandbox, { paymentMethod: 11 })
    expect(payment.usdtRate).toBe(92.5)
  })

  it("quotes units of currencyTo for 1 currencyFrom, any pair through USDT", async () => {
    expect((await rate(query({ currencyFrom: "usdt", currencyTo: "rub" }))).body).toMatchObject({
      currencyFrom: "USDT",
      currencyTo: "RUB",
      rate: 92.5,
    })
    expect((await rate(query({ currencyTo: "RUB" }))).body.rate).toBe(1)
    // 92.5 RUB and 0.93 EUR per USDT: 1 EUR is 99.46236559 RUB, 1 RUB is 0.01005405 EUR.
    expect((await rate(query({ currencyFrom: "EUR", currencyTo: "RUB" }))).body.rate).toBe(
      99.46236559,
    )
    expect((await rate(query({ currencyTo: "EUR" }))).body.rate).toBe(0.01005405)
  })

  it("answers a method's own configured rate, in its payments too, and moves updatedAt", async () => {
    const before = (await rate(query())).body.updatedAt
    await sandbox.control.advanceClock(60_000)
    await sandbox.control.configure({ methodRates: { "13": { RUB: 91.8 } } })
    const perUsdt = (extra: Query) => query({ currencyFrom: "USDT", currencyTo: "RUB", ...extra })
    const crypto = await rate(perUsdt({ paymentMethod: 13 }))
    expect(crypto.body.rate).toBe(91.8)
    expect(Date.parse(crypto.body.updatedAt)).toBeGreaterThan(Date.parse(before))
    expect((await rate(query({ paymentMethod: 13 }))).body.rate).toBe(0.01089325)
    expect((await rate(perUsdt({ paymentMethod: 2 }))).body.rate).toBe(92.5)
    const payment = await createPayment(sandbox, { paymentMethod: 13 }, { amount: 918 })
    expect(payment.usdtRate).toBe(91.8)
    const status = await api<{ amountUsdt: number }>(
      sandbox,
      "GET",
      `/transaction/${payment.transactionId}`,
    )
    expect(status.body.amountUsdt).toBe(10)
    await sandbox.control.configure({ usdtRates: { RUB: 90, USD: 1, EUR: 0.93, BYN: 3.27 } })
    expect((await rate(perUsdt({ paymentMethod: 2 }))).body.rate).toBe(90)
    expect((await rate(perUsdt({ paymentMethod: 13 }))).body.rate).toBe(91.8)
  })

  it("refuses a rate table naming a method the sandbox does not serve", async () => {
    await expect(sandbox.control.configure({ methodRates: { "10": { RUB: 90 } } })).rejects.toThrow(
      /methodRates/,
    )
  })

  it("reads the parameter names case-insensitively, as the service's model binding does", async () => {
    const res = await rate({ PaymentMethod: 2, currencyfrom: "USDT", CURRENCYTO: "RUB" })
    expect(res.status).toBe(200)
    expect(res.body.rate).toBe(92.5)
  })

  it("takes the merchant from X-MerchantId when merchantId is left out", async () => {
    const { merchantId: _omitted, ...rest } = query()
    expect((await rate(rest)).status).toBe(200)
  })

  it.each([
    ["paymentMethod", "left out", { paymentMethod: undefined }],
    ["currencyFrom", "left out", { currencyFrom: undefined }],
    ["currencyTo", "left out", { currencyTo: undefined }],
    ["currencyFrom", "empty", { currencyFrom: "" }],
  ])("answers 400 naming a missing %s (%s), in the service's shape", async (key, _how, change) => {
    const res = await rate<ErrorBody>(query(change))
    expect(res.status).toBe(400)
    expect(res.body).toEqual({
      code: "Common:VAL_0001",
      type: 4001,
      message: "One or more validation errors occurred.",
      data: [{ key, message: `The ${key} field is required.` }],
      traceId: expect.stringMatching(/^[0-9a-f]{32}$/),
    })
  })

  it.each([
    ["paymentMethod", { paymentMethod: 10 }, /paymentMethod 10 is not a payment method/],
    ["paymentMethod", { paymentMethod: "SBP" }, /'SBP' is not valid for paymentMethod/],
    ["paymentMethod", { paymentMethod: "2.5" }, /'2.5' is not valid for paymentMethod/],
    ["currencyFrom", { currencyFrom: "XYZ" }, /currencyFrom XYZ has no rate/],
    ["currencyTo", { currencyTo: "R$B" }, /currencyTo R\$B has no rate/],
    ["merchantId", { merchantId: "00000000-0000-4000-8000-000000000000" }, /not the merchant/],
  ])("answers 400 naming an unknown %s (%j)", async (key, change, message) => {
    const res = await rate<ErrorBody>(query(change))
    expect(res.status).toBe(400)
    expect(res.body.code).toBe("Common:VAL_0001")
    expect(res.body.data).toEqual([{ key, message: expect.stringMatching(message) }])
  })

  it("names every problem at once, and a misspelt parameter where one came", async () => {
    // One public client sends currency_from / currency_to, and no merchantId.
    const res = await rate<ErrorBody>({
      paymentMethod: 2,
      currency_from: "RUB",
      currency_to: "USDT",
    })
    expect(res.status).toBe(400)
    expect(res.body.data).toEqual([
      {
        key: "currencyFrom",
        message:
          "The currencyFrom field is required (currency_from was sent; the parameter is currencyFrom).",
      },
      {
        key: "currencyTo",
        message:
          "The currencyTo field is required (currency_to was sent; the parameter is currencyTo).",
      },
    ])
  })

  it("answers a parameter given twice with 400", async () => {
    const res = await api<ErrorBody>(
      sandbox,
      "GET",
      "/rates/payment_method_rate?paymentMethod=2&paymentMethod=11&currencyFrom=RUB&currencyTo=USDT",
    )
    expect(res.status).toBe(400)
    expect(res.body.data).toEqual([{ key: "paymentMethod", message: expect.any(String) }])
  })

  it.each([
    ["no headers", { "X-MerchantId": "", "X-Secret": "" }, "Auth:SIGN_1001"],
    ["a wrong secret", { "X-Secret": "wrong" }, "Auth:SIGN_1001"],
    [
      "another merchant",
      { "X-MerchantId": "00000000-0000-4000-8000-000000000000" },
      "Auth:SIGN_1002",
    ],
  ])("answers 401 with %s", async (_name, headers, code) => {
    const all: Record<string, string> = {
      "X-MerchantId": sandbox.merchantId,
      "X-Secret": sandbox.secret,
      ...headers,
    }
    const res = await fetch(`${sandbox.url}/rates/payment_method_rate?${queryString(query())}`, {
      headers: Object.fromEntries(Object.entries(all).filter(([, v]) => v !== "")),
    })
    expect(res.status).toBe(401)
    expect(await res.json()).toMatchObject({ code, type: 4002, data: [] })
  })

  it("shows the rates it answers in the dashboard and the control API", async () => {
    await sandbox.control.configure({ methodRates: { "12": { USD: 1.02 } } })
    const rows = await sandbox.control.rates()
    expect(rows).toContainEqual({
      method: 2,
      methodName: "SBPQR",
      currency: "RUB",
      rate: 92.5,
      own: false,
    })
    expect(rows).toContainEqual(
      expect.objectContaining({ method: 12, currency: "USD", rate: 1.02, own: true }),
    )
    const html = await (await fetch(`${sandbox.url}/?lang=en`)).text()
    const row = (method: number) =>
      new RegExp(`data-testid="rate-row" data-method="${method}"[\\s\\S]*?</tr>`).exec(html)?.[0] ??
      ""
    expect(row(2)).toMatch(/data-currency="RUB">92\.5</)
    expect(row(12)).toMatch(/data-currency="USD">1\.02 \*</)
    expect((await (await fetch(`${sandbox.url}/_sandbox/rates`)).json()) as unknown[]).toEqual(rows)
    const ru = await (await fetch(`${sandbox.url}/?lang=ru`)).text()
    expect(ru).toContain(">Курсы</h2>")
    expect(ru).toContain(">Конвертации</h2>")
  })
})
