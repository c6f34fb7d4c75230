import { parseCallback } from "../callbacks"
import { PlategaError } from "../errors"
import { SUB_ID, TX_ID } from "./support/fixtures"

// The three kinds of callback Platega sends to the one callback URL, told apart and checked.

const CHARGE_ID = "11111111-2222-4333-8444-555555555555"

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
