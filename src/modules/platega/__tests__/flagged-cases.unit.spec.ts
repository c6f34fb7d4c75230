import {
  caseKind,
  caseNotice,
  caseNotificationKey,
  eventMoney,
  feedNotification,
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

  it("names the amount and the order or cart, in English and Russian", () => {
    const byOrder = caseNotice(event({ status: "CHARGEBACKED" }), { order_display_id: 1042 })
    expect(byOrder.en.description).toContain("order #1042")
    expect(byOrder.en.description).toMatch(/1,500\.50/)
    expect(byOrder.ru.description).toContain("заказ №1042")
    expect(byOrder.ru.description).toMatch(/1\s500,5/)
    const byCart = caseNotice(event(), { cart_id: "cart_9" })
    expect(byCart.en.description).toContain("cart cart_9")
    expect(byCart.ru.description).toContain("корзина cart_9")
    const feed = feedNotification(byCart)
    expect(feed.title).toContain(byCart.en.title)
    expect(feed.title).toContain(byCart.ru.title)
    expect(feed.description.split("\n\n")).toEqual([byCart.en.description, byCart.ru.description])
  })

  it("keys the notification on the one flagged record", () => {
    expect(caseNotificationKey("plcb_1")).toBe(caseNotificationKey("plcb_1"))
    expect(caseNotificationKey("plcb_1")).not.toBe(caseNotificationKey("plcb_2"))
  })
})
