import {
  caseKind,
  caseNotice,
  caseNotificationKey,
  eventMoney,
  isRefundable,
  type FlaggedEvent,
} from "../flagged-cases"

const event = (over: Partial<FlaggedEvent> = {}): FlaggedEvent => ({
  id: "plcb_1",
  kind: "transaction",
  platega_id: "4c1d-tx",
  status: "CONFIRMED",
  body: { amount: 1500.5, currency: "rub" },
  session_id: null,
  order_id: null,
  detail: null,
  ...over,
})

describe("flagged cases", () => {
  it.each<[string, Partial<FlaggedEvent>, string, boolean]>([
    ["paid, no session", {}, "unmatched_payment", true],
    ["paid for a session, wrong amount", { session_id: "payses_1" }, "payment_mismatch", true],
    [
      "paid, but an order holds it",
      { session_id: "payses_1", order_id: "order_1" },
      "payment_mismatch",
      false,
    ],
    ["money returned", { status: "CHARGEBACKED", order_id: "order_1" }, "chargeback", false],
    ["a subscription charge", { kind: "subscription_charge" }, "other", false],
    [
      "paid after its checkout was abandoned",
      { session_id: "payses_1", case_kind: "paid_after_abandon" },
      "paid_after_abandon",
      true,
    ],
    [
      "a link paid after the debt was paid",
      { order_id: "order_1", case_kind: "link_extra_payment" },
      "link_extra_payment",
      false,
    ],
    ["a kind this version does not know", { case_kind: "newer_kind" }, "unmatched_payment", true],
    ["an unknown status", { status: "SOMETHING" }, "other", false],
  ])("%s → %s", (_name, over, kind, refundable) => {
    expect(caseKind(event(over))).toBe(kind)
    expect(isRefundable(event(over))).toBe(refundable)
  })

  it("reads the amount of either callback shape", () => {
    expect(eventMoney(event())).toEqual({ amount: "1500.5", currency: "RUB" })
    expect(eventMoney({ body: { Amount: "99", Currency: "RUB" } })).toEqual({
      amount: "99",
      currency: "RUB",
    })
    expect(eventMoney({ body: null })).toEqual({ amount: "?", currency: "" })
  })

  it("names the amount and the order or cart, in the merchant's language only", () => {
    const chargeback = event({ status: "CHARGEBACKED" })
    const en = caseNotice(chargeback, { order_display_id: 1042 }, "en")
    expect(en.description).toContain("order #1042")
    expect(en.description).toMatch(/1,500\.50/)
    expect(en.title + en.description).not.toMatch(/[а-яё]/i)
    const ru = caseNotice(chargeback, { order_display_id: 1042 }, "ru")
    expect(ru.description).toContain("заказ №1042")
    expect(ru.description).toMatch(/1\s500,5/)
    expect(ru.title).toBe("Platega: платёж требует внимания")
    expect(ru.description).not.toMatch(/\b(order|cart|was paid)\b/)
    expect(caseNotice(event(), { cart_id: "cart_9" }, "en").description).toContain("cart cart_9")
    expect(caseNotice(event(), { cart_id: "cart_9" }, "ru").description).toContain("корзина cart_9")
  })

  it("keys the notification on the case: the transaction and the kind, whatever record found it", () => {
    const key = (platega_id: string, kind: Parameters<typeof caseNotificationKey>[0]["kind"]) =>
      caseNotificationKey({ platega_id, kind })
    expect(key("AB-1", "payment_mismatch")).toBe(key("ab-1", "payment_mismatch"))
    expect(key("ab-1", "payment_mismatch")).not.toBe(key("ab-2", "payment_mismatch"))
    expect(key("ab-1", "payment_mismatch")).not.toBe(key("ab-1", "chargeback"))
  })
})
