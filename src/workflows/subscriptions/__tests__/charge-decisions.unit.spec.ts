import type { Subscription, TransactionStatus } from "../../../lib/platega"
import {
  chargeNext,
  chargeOfCheckout,
  chargeOutcome,
  chargeReadOutcome,
  checkCharge,
  statusAfterCharge,
  statusOutcome,
} from "../charge-decisions"
import type { SubscriptionRecord } from "../subscription-record"

const CHARGE = "0f0e0d0c-0000-4000-8000-00000000c0de"
const SUB = "0f0e0d0c-0000-4000-8000-00000000517b"
const SESSION = "payses_01CHECKOUT"

const tx = (over: Partial<TransactionStatus> = {}): TransactionStatus =>
  ({
    id: CHARGE,
    status: "CONFIRMED",
    paymentDetails: { amount: 990, currency: "RUB" },
    paymentMethod: 6,
    payload: SESSION,
    ...over,
  }) as TransactionStatus

const sub = (over: Partial<Subscription> = {}): Subscription =>
  ({ id: SUB, status: "Active", amount: 990, currencyCode: "RUB", ...over }) as Subscription

const record = (over: Partial<SubscriptionRecord> = {}): SubscriptionRecord =>
  ({
    id: "plsub_1",
    platega_id: SUB,
    status: "Active",
    amount: 990,
    currency_code: "rub",
    payment_session_id: SESSION,
    ...over,
  }) as SubscriptionRecord

describe("a charge's read of GET /transaction/{id}", () => {
  it("ends an unknown transaction, and a claim Platega does not (yet) confirm", () => {
    expect(chargeReadOutcome({ charge_id: CHARGE }, undefined)).toEqual({
      outcome: "ignored",
      detail: `Platega does not know transaction ${CHARGE}`,
    })
    expect(
      chargeReadOutcome(
        { charge_id: CHARGE, claimed_status: "CONFIRMED" },
        tx({ status: "PENDING" }),
      ),
    ).toMatchObject({ outcome: "unconfirmed" })
  })

  it("goes on with what Platega has decided, whatever the callback claimed", () => {
    expect(chargeReadOutcome({ charge_id: CHARGE, claimed_status: "CONFIRMED" }, tx())).toBe(
      undefined,
    )
    expect(
      chargeReadOutcome(
        { charge_id: CHARGE, claimed_status: "CONFIRMED" },
        tx({ status: "CANCELED" }),
      ),
    ).toBe(undefined)
  })
})

describe("checking a charge against its subscription", () => {
  const input = { subscription_id: SUB }

  it("flags a paid charge of no subscription of the store; ignores an unpaid one", () => {
    expect(checkCharge(tx(), input, undefined, undefined)).toMatchObject({
      accept: false,
      apply_read: false,
      outcome: { outcome: "flagged" },
    })
    expect(checkCharge(tx({ status: "CANCELED" }), input, sub(), undefined)).toMatchObject({
      accept: false,
      outcome: { outcome: "ignored" },
    })
  })

  it("takes a charge without merchant headers only when Platega ties it to the checkout", () => {
    const untrusted = { ...input, body_trusted: false }
    expect(checkCharge(tx(), untrusted, sub(), record())).toEqual({ accept: true })
    expect(checkCharge(tx({ payload: "payses_OTHER" }), untrusted, sub(), record())).toMatchObject({
      accept: false,
      apply_read: false,
      outcome: { outcome: "ignored" },
    })
    // Made before the payload was sent: the description names the session.
    const described = tx({ payload: null, description: `Order ${SESSION}` })
    expect(chargeOfCheckout(described, record())).toBe(true)
  })

  it("refuses another method or another amount, and still applies the subscription's read", () => {
    expect(checkCharge(tx({ paymentMethod: 2 }), input, sub(), record())).toMatchObject({
      accept: false,
      apply_read: true,
      outcome: { outcome: "flagged", detail: expect.stringMatching(/method 2/) },
    })
    const more = tx({ paymentDetails: { amount: 1990, currency: "RUB" } })
    expect(checkCharge(more, input, sub(), record())).toMatchObject({
      accept: false,
      apply_read: true,
    })
  })
})

describe("the status a charge leaves", () => {
  it("is Platega's read, except that a failed charge makes a live subscription PastDue", () => {
    expect(statusAfterCharge(tx(), record(), sub({ status: "Active" }))).toBe("Active")
    expect(statusAfterCharge(tx({ status: "CANCELED" }), record(), sub())).toBe("PastDue")
    expect(
      statusAfterCharge(tx({ status: "CANCELED" }), record({ status: "Cancelled" }), sub()),
    ).toBe("Cancelled")
  })
})

describe("what a charge's settlement reports", () => {
  const base = { tx: tx(), check: { accept: true } as const, record: record() }

  it("asks for an order only for a confirmed charge still without one", () => {
    expect(chargeNext(tx(), { order_id: null })).toBe("order")
    expect(chargeNext(tx(), { order_id: "order_1" })).toBe("none")
    expect(chargeNext(tx({ status: "CANCELED" }), { order_id: null })).toBe("none")
    expect(chargeNext(tx(), undefined)).toBe("none")
  })

  it("a renewal: captured with its order once claimed and made; pending while another run has it", () => {
    expect(
      chargeOutcome({
        ...base,
        charge: { order_id: null },
        kind: "renewal",
        claimed: true,
        renewal: { order_id: "order_2" },
      }),
    ).toEqual({
      session_id: SESSION,
      order_id: "order_2",
      outcome: "captured",
      detail: `Charge ${CHARGE} (990 RUB): renewal order order_2`,
    })
    expect(
      chargeOutcome({ ...base, charge: { order_id: null }, kind: "renewal", claimed: false }),
    ).toMatchObject({ outcome: "pending", detail: `Charge ${CHARGE}: its order is being made` })
  })

  it("the first charge: captured once the checkout's order exists, pending before", () => {
    const first = { ...base, charge: { order_id: null }, kind: "first" as const }
    expect(chargeOutcome({ ...first, first: { order_id: "order_1" } })).toMatchObject({
      outcome: "captured",
      order_id: "order_1",
    })
    expect(chargeOutcome({ ...first, first: {} })).toMatchObject({ outcome: "pending" })
  })

  it("a repeat finds the order made; a failed charge is recorded with the status it left", () => {
    expect(chargeOutcome({ ...base, charge: { order_id: "order_2" } })).toMatchObject({
      outcome: "captured",
      detail: `Charge ${CHARGE} already paid order order_2`,
    })
    expect(
      chargeOutcome({
        ...base,
        tx: tx({ status: "CANCELED" }),
        record: record({ status: "PastDue" }),
      }),
    ).toMatchObject({
      outcome: "recorded",
      detail: `Charge ${CHARGE} failed: subscription PastDue`,
    })
  })

  it("a refused charge reports the check's outcome", () => {
    const check = {
      accept: false as const,
      apply_read: true,
      outcome: { outcome: "flagged" as const, detail: "no" },
    }
    expect(chargeOutcome({ tx: tx(), check })).toEqual({ outcome: "flagged", detail: "no" })
  })
})

describe("what a status settlement reports", () => {
  it("ignores what Platega or the store does not know; records the rest", () => {
    expect(statusOutcome(SUB, undefined, undefined, undefined, undefined)).toMatchObject({
      outcome: "ignored",
    })
    expect(statusOutcome(SUB, undefined, sub(), undefined, undefined)).toMatchObject({
      outcome: "ignored",
      detail: `Subscription ${SUB} was not made by this store's checkout`,
    })
    expect(statusOutcome(SUB, "Active", sub(), record(), "order_1")).toEqual({
      outcome: "recorded",
      session_id: SESSION,
      order_id: "order_1",
      detail: "Subscription Active (callback: Active)",
    })
  })
})
