// Over 300 lines on purpose: a table of cases per schema of the API, in the order of schemas.ts.
import { amountsEqual, hasAtMostTwoDecimals, toMinorUnits } from "../amount"
import { parseCallback } from "../callbacks"
import { PlategaError } from "../errors"
import {
  BalancesSchema,
  CancelSubscriptionResponseSchema,
  CancelSupportedSchema,
  CancelTransactionResponseSchema,
  CardPayoutResponseSchema,
  CardsSchema,
  CreatePaymentLinkResponseSchema,
  CreateSubscriptionRequestSchema,
  CreateSubscriptionResponseSchema,
  CreateTransactionRequestSchema,
  CreateTransactionResponseSchema,
  ExportFileSchema,
  ExportRecordsSchema,
  ExportRequestSchema,
  H2hQrSchema,
  SubscriptionListSchema,
  SubscriptionSchema,
  TransactionStatusSchema,
} from "../schemas"
import { CARD_ID, MERCHANT_ID, SUB_ID, TX_ID, createTransactionAnswer } from "./support/fixtures"

const CHARGE_ID = "11111111-2222-4333-8444-555555555555"

function issuesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) {
  return (result.error?.issues ?? []).map((i) => i.path.map(String).join("."))
}

describe("amounts", () => {
  it("compares at 2 decimals, immune to float noise and 16-decimal values", () => {
    expect(toMinorUnits(0.29)).toBe(29)
    expect(toMinorUnits(1500.0)).toBe(150000)
    expect(toMinorUnits(1.005)).toBe(101)
    expect(amountsEqual(1500, Number("1499.9999999999999999"))).toBe(true)
    expect(amountsEqual(1500, 1500.01)).toBe(false)
  })

  it("accepts at most 2 decimals", () => {
    expect(hasAtMostTwoDecimals(0.29)).toBe(true)
    expect(hasAtMostTwoDecimals(1500)).toBe(true)
    expect(hasAtMostTwoDecimals(10.1)).toBe(true)
    expect(hasAtMostTwoDecimals(1.005)).toBe(false)
    expect(hasAtMostTwoDecimals(Number.NaN)).toBe(false)
    expect(hasAtMostTwoDecimals(Infinity)).toBe(false)
  })
})

describe("response schemas", () => {
  it("create transaction (methods 2/11), keeping unknown fields", () => {
    const r = CreateTransactionResponseSchema.parse({ ...createTransactionAnswer, brandNew: 1 })
    expect(r.transactionId).toBe(TX_ID)
    expect(r.usdtRate).toBe(95.5)
    expect((r as Record<string, unknown>).brandNew).toBe(1)
  })

  it("create transaction: relied-on fields are checked", () => {
    const bad = CreateTransactionResponseSchema.safeParse({
      ...createTransactionAnswer,
      transactionId: "",
      status: "",
    })
    expect(bad.success).toBe(false)
    expect(issuesOf(bad)).toEqual(expect.arrayContaining(["transactionId", "status"]))
    expect(
      CreateTransactionResponseSchema.safeParse({ ...createTransactionAnswer, redirect: undefined })
        .success,
    ).toBe(false)
  })

  it("create subscription (method 6 form)", () => {
    const r = CreateSubscriptionResponseSchema.parse({
      paymentMethod: "Subscription",
      transactionId: SUB_ID,
      redirect: "https://pay.platega.io/sub",
      status: "PENDING",
      merchantId: MERCHANT_ID,
    })
    expect(r.transactionId).toBe(SUB_ID)
  })

  it("payment link answers url and rate", () => {
    const r = CreatePaymentLinkResponseSchema.parse({
      transactionId: TX_ID,
      url: "https://pay.platega.io/?id=x",
      rate: "95.10",
      status: "PENDING",
    })
    expect(r).toMatchObject({ url: "https://pay.platega.io/?id=x", rate: 95.1 })
    expect(CreatePaymentLinkResponseSchema.safeParse({ transactionId: TX_ID }).success).toBe(false)
  })

  it("transaction status: service spellings, 16-decimal and string amounts, unknown status", () => {
    const r = TransactionStatusSchema.parse({
      id: TX_ID,
      status: "SOMETHING_NEW",
      paymentDetails: { amount: 1500.0, currency: "RUB" },
      merchantName: "Shop",
      mechantId: MERCHANT_ID,
      comission: "12.5000000000000000",
      paymentMethod: "SBPQR",
      expiresIn: "00:30:00",
      qr: "https://qr.nspk.ru/x",
      comissionType: 0,
      refundStatus: null,
      createdAt: "2025-01-01T00:00:00Z",
      extra: { nested: true },
    })
    expect(r.status).toBe("SOMETHING_NEW")
    expect(r.paymentDetails.amount).toBe(1500)
    expect(r.comission).toBe(12.5)
    expect(r.mechantId).toBe(MERCHANT_ID)
    expect((r as Record<string, unknown>).extra).toEqual({ nested: true })

    const s = TransactionStatusSchema.parse({
      id: TX_ID,
      status: "CONFIRMED",
      paymentDetails: { amount: "99.9900000000000000", currency: "RUB" },
    })
    expect(s.paymentDetails.amount).toBe(99.99)
  })

  it.each([
    [{ amount: -1, currency: "RUB" }, "paymentDetails.amount"],
    [{ amount: "12abc", currency: "RUB" }, "paymentDetails.amount"],
    [{ amount: null, currency: "RUB" }, "paymentDetails.amount"],
    [{ amount: 10, currency: "" }, "paymentDetails.currency"],
  ])("transaction status refuses paymentDetails %j", (paymentDetails, path) => {
    const r = TransactionStatusSchema.safeParse({ id: TX_ID, status: "PENDING", paymentDetails })
    expect(issuesOf(r)).toContain(path)
  })

  it("transaction status refuses a non-uuid id", () => {
    const r = TransactionStatusSchema.safeParse({
      id: "not-a-uuid",
      status: "PENDING",
      paymentDetails: { amount: 1, currency: "RUB" },
    })
    expect(issuesOf(r)).toEqual(["id"])
  })

  it("cancel-supported and cancel", () => {
    expect(
      CancelSupportedSchema.parse({
        supported: false,
        totalDeductUsdt: 16.1,
        penaltyUsdt: 0.5,
        blockReason: "TOO_LATE",
      }),
    ).toMatchObject({ supported: false, blockReason: "TOO_LATE" })
    expect(CancelSupportedSchema.safeParse({ supported: "yes" }).success).toBe(false)
    expect(
      CancelTransactionResponseSchema.parse({
        transactionId: TX_ID,
        accepted: false,
        manualControlRequired: true,
        message: "Manual review",
      }),
    ).toMatchObject({ accepted: false, manualControlRequired: true })
    expect(CancelTransactionResponseSchema.safeParse({ transactionId: TX_ID }).success).toBe(false)
  })

  it("export records and export files", () => {
    const records = ExportRecordsSchema.parse([
      {
        recordId: TX_ID,
        createdAt: "2025-01-01 10:00:00",
        amount: 10.5,
        currencyCode: "RUB",
        status: "CANCELED",
        paymentMethod: "SBPQR",
        description: "x",
        payload: "",
      },
    ])
    expect(records[0].amount).toBe(10.5)
    expect(ExportFileSchema.parse({ url: "https://files/x.csv" }).url).toBe("https://files/x.csv")
    expect(ExportFileSchema.safeParse({}).success).toBe(false)
  })

  it("subscription single read (text forms) and list (integer forms)", () => {
    const one = SubscriptionSchema.parse({
      id: SUB_ID,
      status: "Active",
      amount: 299,
      currencyCode: "RUB",
      intervalUnit: "Month",
      intervalCount: 1,
      startAt: "2025-01-01T00:00:00Z",
      nextChargeAt: "2025-02-01T00:00:00Z",
      lastChargeAt: null,
      chargeMetrics: { chargesTotal: 1, chargesSuccess: 1, chargesFailed: 0, totalAmount: "299.0" },
    })
    expect(one.status).toBe("Active")
    expect(one.chargeMetrics?.totalAmount).toBe(299)

    const list = SubscriptionListSchema.parse({
      items: [
        {
          id: SUB_ID,
          status: 7,
          amount: 299,
          currencyCode: "RUB",
          intervalUnit: 3,
          intervalCount: 1,
          nextChargeAt: null,
          lastChargeAt: null,
          customerEmail: null,
          description: "Box",
          chargesCount: 0,
          createdAt: "2025-01-01T00:00:00Z",
        },
      ],
      total: 1,
      page: 0,
      size: 20,
    })
    expect(list.items[0].status).toBe(7) // unknown code kept raw
    expect(
      SubscriptionListSchema.safeParse({ items: [], total: -1, page: 0, size: 1 }).success,
    ).toBe(false)
    expect(
      CancelSubscriptionResponseSchema.parse({ subscriptionId: SUB_ID, status: "Cancelled" })
        .status,
    ).toBe("Cancelled")
  })

  it("cards, payout, balances, h2h", () => {
    expect(
      CardsSchema.parse([
        {
          cardId: CARD_ID,
          masked: "2200****0000",
          last4: "0000",
          brand: "MIR",
          label: "",
          status: "FROZEN",
        },
      ])[0].status,
    ).toBe("FROZEN")
    expect(
      CardsSchema.safeParse([{ cardId: "", masked: "", last4: "", status: "ACTIVE" }]).success,
    ).toBe(false)
    expect(
      CardPayoutResponseSchema.parse({
        withdrawalRecordId: "w1",
        status: "CREATED",
        cardMasked: "2200****0000",
        amountUsdtDebited: "15.1234567890123456",
      }).amountUsdtDebited,
    ).toBeCloseTo(15.123456789012, 10)
    expect(BalancesSchema.parse([{ amount: "10.00", currency: "RUB" }])[0].amount).toBe(10)
    expect(BalancesSchema.safeParse([{ amount: 10 }]).success).toBe(false)
    expect(H2hQrSchema.parse({ amount: 100, qr: "https://qr.nspk.ru/abc" }).qr).toContain("qr")
    expect(H2hQrSchema.safeParse({ amount: 100, qr: "" }).success).toBe(false)
  })
})

describe("request schemas", () => {
  const valid = {
    paymentMethod: 11,
    paymentDetails: { amount: 1500.5, currency: "rub" },
    description: "Order",
    return: "https://shop/ok",
    failedUrl: "https://shop/fail",
    unknownKey: "dropped",
  }

  it("create transaction: drops unknown keys, upper-cases currency", () => {
    const r = CreateTransactionRequestSchema.parse(valid)
    expect(r.paymentDetails.currency).toBe("RUB")
    expect(r).not.toHaveProperty("unknownKey")
  })

  it.each([
    [{ paymentDetails: { amount: 0, currency: "RUB" } }, "paymentDetails.amount"],
    [{ paymentDetails: { amount: -5, currency: "RUB" } }, "paymentDetails.amount"],
    [{ paymentDetails: { amount: 10.123, currency: "RUB" } }, "paymentDetails.amount"],
    [{ paymentDetails: { amount: Infinity, currency: "RUB" } }, "paymentDetails.amount"],
    [{ paymentDetails: { amount: Number.NaN, currency: "RUB" } }, "paymentDetails.amount"],
    [{ paymentMethod: 6 }, "paymentMethod"],
    [{ return: "javascript:alert(1)" }, "return"],
  ])("create transaction refuses %j", (patch, path) => {
    expect(issuesOf(CreateTransactionRequestSchema.safeParse({ ...valid, ...patch }))).toContain(
      path,
    )
  })

  it("create subscription: interval as 3, '3' or 'Month' is sent as 3; count bounds", () => {
    const base = {
      paymentDetails: { amount: 299, currency: "RUB", intervalCount: 1 },
      description: "Box",
    }
    for (const interval of [3, "3", "Month"]) {
      const r = CreateSubscriptionRequestSchema.parse({
        ...base,
        paymentDetails: { ...base.paymentDetails, interval },
      })
      expect(r.paymentDetails.interval).toBe(3)
    }
    const bounds: [number, number, boolean][] = [
      [1, 31, true],
      [1, 32, false],
      [2, 4, true],
      [2, 5, false],
      [3, 12, true],
      [3, 13, false],
      [4, 3, true],
      [4, 4, false],
      [5, 1, false],
    ]
    for (const [interval, intervalCount, ok] of bounds) {
      const r = CreateSubscriptionRequestSchema.safeParse({
        ...base,
        paymentDetails: { ...base.paymentDetails, interval, intervalCount },
      })
      expect([interval, intervalCount, r.success]).toEqual([interval, intervalCount, ok])
    }
  })

  it("export filter: names and codes become code strings; defaults", () => {
    const r = ExportRequestSchema.parse({
      from: new Date("2025-01-01T00:00:00Z"),
      to: "2025-01-31T23:59:59Z",
      statuses: ["CONFIRMED", 1, "9"],
      paymentMethods: [2, "SBPQR", "11"],
    })
    expect(r).toEqual({
      from: "2025-01-01T00:00:00.000Z",
      to: "2025-01-31T23:59:59Z",
      statuses: ["7", "1", "9"],
      paymentMethods: ["2", "2", "11"],
      timeZoneId: "Europe/Moscow",
    })
    const d = ExportRequestSchema.parse({ from: "a", to: "b" })
    expect(d.statuses).toEqual(["1", "6", "7", "9"])
    expect(d.paymentMethods).toEqual(["2", "3", "6", "11", "12", "13", "14"])
    expect(ExportRequestSchema.safeParse({ from: "a", to: "b", statuses: ["PAID"] }).success).toBe(
      false,
    )
  })
})

describe("parseCallback", () => {
  it("probe: {}", () => {
    expect(parseCallback({})).toEqual({ kind: "probe" })
    expect(parseCallback("{}")).toEqual({ kind: "probe" })
  })

  it("transaction status callback (camelCase, 16 decimals, null paymentMethod, unknown fields)", () => {
    const raw = `{"id":"${TX_ID}","amount":1500.0000000000000000,"currency":"RUB","status":"CONFIRMED","paymentMethod":null,"payload":"sess_1","newField":"x"}`
    const cb = parseCallback(Buffer.from(raw))
    expect(cb).toMatchObject({
      kind: "transaction",
      id: TX_ID,
      amount: 1500,
      currency: "RUB",
      status: "CONFIRMED",
      paymentMethod: null,
      payload: "sess_1",
      newField: "x",
    })
    const s = parseCallback({
      id: TX_ID,
      amount: "10.5000000000000000",
      currency: "RUB",
      status: "WEIRD",
    })
    expect(s).toMatchObject({ kind: "transaction", amount: 10.5, status: "WEIRD" })
  })

  it("subscription charge (PascalCase, Id != SubscriptionId)", () => {
    const cb = parseCallback({
      Id: CHARGE_ID,
      Amount: 299.0,
      Currency: "RUB",
      Status: "CONFIRMED",
      PaymentMethod: 6,
      Payload: "",
      SubscriptionId: SUB_ID,
      NextChargeAt: "2025-02-01T00:00:00Z",
    })
    expect(cb.kind).toBe("subscription_charge")
    if (cb.kind !== "subscription_charge") throw new Error("narrowing")
    expect(cb.SubscriptionId).toBe(SUB_ID)
    expect(cb.Amount).toBe(299)
    const canceled = parseCallback({
      Id: CHARGE_ID,
      Amount: 299,
      Currency: "RUB",
      Status: "CANCELED",
      PaymentMethod: 6,
      SubscriptionId: SUB_ID,
      NextChargeAt: null,
    })
    expect(canceled).toMatchObject({ kind: "subscription_charge", NextChargeAt: null })
  })

  it.each([
    "SUBSCRIPTION_ACTIVATED",
    "SUBSCRIPTION_PAST_DUE",
    "SUBSCRIPTION_CANCELLED",
    "SUBSCRIPTION_FAILED",
    "SUBSCRIPTION_SOMETHING_NEW",
  ])("subscription status %s", (Status) => {
    const cb = parseCallback({
      Id: SUB_ID,
      Amount: 299,
      Currency: "RUB",
      Status,
      PaymentMethod: 6,
      Payload: null,
      SubscriptionId: SUB_ID,
      NextChargeAt: null,
    })
    expect(cb).toMatchObject({ kind: "subscription_status", Id: SUB_ID, Status })
  })

  it.each([
    ["null", null],
    ["an array", []],
    ["a number", 42],
    ["not JSON", "{oops"],
    ["an unknown shape", { foo: "bar" }],
    ["a transaction without amount", { id: TX_ID, currency: "RUB", status: "CONFIRMED" }],
    ["a transaction with bad id", { id: "1", amount: 1, currency: "RUB", status: "CONFIRMED" }],
    [
      "a charge with Id == SubscriptionId",
      { Id: SUB_ID, Amount: 1, Currency: "RUB", Status: "CONFIRMED", SubscriptionId: SUB_ID },
    ],
    [
      "a charge without SubscriptionId",
      { Id: CHARGE_ID, Amount: 1, Currency: "RUB", Status: "CONFIRMED" },
    ],
    ["a negative amount", { id: TX_ID, amount: -1, currency: "RUB", status: "CONFIRMED" }],
  ])("refuses %s with invalid_payload", (_what, body) => {
    let caught: unknown
    try {
      parseCallback(body)
    } catch (e) {
      caught = e
    }
    expect(caught).toBeInstanceOf(PlategaError)
    expect((caught as PlategaError).kind).toBe("invalid_payload")
  })
})
