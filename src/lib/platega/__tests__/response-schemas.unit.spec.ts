import { amountsEqual, hasAtMostTwoDecimals, toMinorUnits } from "../money"
import {
  BalancesSchema,
  CancelSubscriptionResponseSchema,
  CancelSupportedSchema,
  CancelTransactionResponseSchema,
  CardPayoutResponseSchema,
  CardsSchema,
  CreatePaymentLinkResponseSchema,
  CreateSubscriptionResponseSchema,
  CreateTransactionResponseSchema,
  ExportFileSchema,
  ExportRecordsSchema,
  H2hQrSchema,
  PaymentMethodRateSchema,
  SubscriptionListSchema,
  SubscriptionSchema,
  TransactionStatusSchema,
} from "../schemas"
import { CARD_ID, MERCHANT_ID, SUB_ID, TX_ID, createTransactionAnswer } from "./support/fixtures"
import { issuesOf } from "./support/issues"

// A table of cases per response schema of the API, in the order of response-schemas.ts, and the
// amounts they carry.

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

  it("the cancel answer's status reads alike in either casing; unknown values stay as sent", () => {
    const status = (value: unknown) =>
      CancelSubscriptionResponseSchema.parse({ subscriptionId: SUB_ID, status: value }).status
    // Platega's documentation writes the cancel answer in lower case.
    expect(status("cancelled")).toBe("Cancelled")
    expect(status("Cancelled")).toBe("Cancelled")
    expect(status("CANCELLED")).toBe("Cancelled")
    expect(status("failed")).toBe("Failed")
    expect(status("Archived")).toBe("Archived")
    expect(status(3)).toBe(3)
    expect(
      CancelSubscriptionResponseSchema.safeParse({ subscriptionId: SUB_ID, status: "" }).success,
    ).toBe(false)
  })

  it("a payment method rate: rate > 0 as a number or numeric text, the rest tolerated", () => {
    const answer = {
      paymentMethod: 2,
      currencyFrom: "RUB",
      currencyTo: "USDT",
      rate: "92.5000",
      updatedAt: "2025-01-01T00:00:00Z",
      extra: true,
    }
    expect(PaymentMethodRateSchema.parse(answer)).toEqual({ ...answer, rate: 92.5 })
    expect(
      PaymentMethodRateSchema.parse({ ...answer, paymentMethod: "SBPQR", updatedAt: null }),
    ).toMatchObject({ paymentMethod: "SBPQR", updatedAt: null })
    for (const rate of [0, -1, "abc", null]) {
      expect(PaymentMethodRateSchema.safeParse({ ...answer, rate }).success).toBe(false)
    }
    expect(PaymentMethodRateSchema.safeParse({ ...answer, currencyTo: "" }).success).toBe(false)
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
