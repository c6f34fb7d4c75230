import {
  effectiveLinkStatus,
  paymentLinkView,
  type PaymentLinkRecord,
} from "../../../modules/platega/payment-links"
import { amountText, checkLinkRequest, type PaymentLinkTarget } from "../collection"
import { paymentLinkEmail } from "../email"

const target = (over: Partial<PaymentLinkTarget> = {}): PaymentLinkTarget => ({
  payment_collection_id: "pay_col_1",
  status: "not_paid",
  currency_code: "rub",
  amount: "500",
  outstanding: "500",
  order: { id: "order_1", display_id: 12, email: "a@b.c", is_draft_order: false },
  ...over,
})

const record = (over: Partial<PaymentLinkRecord> = {}): PaymentLinkRecord => ({
  id: "plink_1",
  payment_collection_id: "pay_col_1",
  order_id: "order_1",
  transaction_id: "0f0e0d0c-0000-4000-8000-000000000001",
  url: "https://pay.example/pay/1",
  return_url: "https://shop.example/return",
  failed_url: "https://shop.example/failed",
  amount: 1290.5,
  raw_amount: { value: "1290.5", precision: 20 },
  currency_code: "rub",
  status: "pending",
  platega_status: "PENDING",
  expires_at: null,
  superseded_by: null,
  paid_at: null,
  payment_id: null,
  captured_collection_id: null,
  flag: null,
  flag_detail: null,
  emailed_to: null,
  emailed_at: null,
  created_at: new Date("2026-11-25T10:00:00Z"),
  ...over,
})

describe("payment links: the rules without a database", () => {
  it("writes amounts as the contract shows them", () => {
    expect(amountText(500, "rub")).toBe("500")
    expect(amountText("1290.5", "rub")).toBe("1290.50")
    expect(amountText("0.004", "rub")).toBe("0")
  })

  it("refuses nothing owed, another amount, a cart's collection and a currency not taken", () => {
    expect(() => checkLinkRequest(target(), ["RUB"], "500.00")).not.toThrow()
    expect(() => checkLinkRequest(target({ status: "completed" }), ["RUB"])).toThrow(
      /Nothing is owed/,
    )
    expect(() => checkLinkRequest(target({ outstanding: "0" }), ["RUB"])).toThrow(/Nothing is owed/)
    expect(() => checkLinkRequest(target(), ["RUB"], "499.99")).toThrow(
      /amount: 499.99 is not the outstanding amount 500/,
    )
    expect(() => checkLinkRequest(target({ order: null }), ["RUB"])).toThrow(/belongs to no order/)
    expect(() => checkLinkRequest(target({ currency_code: "eur" }), ["RUB"])).toThrow(
      /currency_code: Platega does not take EUR/,
    )
  })

  it("reads a pending link past its expiry as expired, before Platega cancels it", () => {
    const now = Date.parse("2026-11-25T12:00:00Z")
    expect(effectiveLinkStatus(record({ expires_at: "2026-11-25T11:59:59Z" }), now)).toBe("expired")
    expect(effectiveLinkStatus(record({ expires_at: "2026-11-25T12:30:00Z" }), now)).toBe("pending")
    expect(
      effectiveLinkStatus(record({ status: "paid", expires_at: "2026-11-25T11:00:00Z" }), now),
    ).toBe("paid")
    expect(paymentLinkView(record(), now)).toMatchObject({ amount: "1290.5", status: "pending" })
  })

  it("writes the e-mail in English and Russian, escaping what it quotes", () => {
    const view = paymentLinkView(
      record({ url: "https://pay.example/pay/1?a=1&b=2", expires_at: "2026-11-25T12:30:00Z" }),
    )
    const en = paymentLinkEmail(view, "12", "en")
    expect(en.subject).toBe("Payment for order #12")
    expect(en.text).toContain("https://pay.example/pay/1?a=1&b=2")
    expect(en.html).toContain('href="https://pay.example/pay/1?a=1&amp;b=2"')
    expect(en.text).toMatch(/valid until/)
    const ru = paymentLinkEmail(view, "12", "ru")
    expect(ru.subject).toBe("Оплата: заказ №12")
    expect(ru.text).toMatch(/Пожалуйста, оплатите 1\s290,50\s₽/)
  })
})
