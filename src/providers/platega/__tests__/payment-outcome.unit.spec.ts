import type { TransactionStatus } from "../../../lib/platega"
import {
  decideOutcome,
  needsChargebackFlag,
  paysItsSession,
  type ConfirmedTransaction,
  type SessionOrder,
} from "../core/decisions"

const tx = (over: Partial<TransactionStatus> = {}): TransactionStatus =>
  ({
    id: "tx-1",
    status: "CONFIRMED",
    paymentDetails: { amount: 1490, currency: "RUB" },
    paymentMethod: "SBPQR",
    payload: "payses_1",
    ...over,
  }) as TransactionStatus

const session = () => ({
  id: "payses_1",
  provider_id: "pp_platega-sbp_platega",
  status: "pending",
  payment_collection_id: "pay_col_1",
})

/** The whole decision, as the workflow takes it once the session's authorization has run. */
function decide(c: ConfirmedTransaction, order?: SessionOrder, claimed?: string) {
  return decideOutcome({ transaction_id: "tx-1", claimed_status: claimed }, c, order, {
    flagged: needsChargebackFlag(c, order),
  })
}

describe("what a transaction means: one decision for every path", () => {
  it("paid for its session: its authorization decides; taken, with its order, captured", () => {
    const c = { tx: tx(), session: session() }
    expect(paysItsSession(c)).toBe(true)
    expect(decide(c, { order_id: "order_1", refunded: "0", paid: "1490" })).toMatchObject({
      outcome: "captured",
      order_id: "order_1",
    })
    expect(decide(c)).toMatchObject({ outcome: "pending" })
  })

  it("refused by its authorization (another amount or currency): a case of kind payment_mismatch", () => {
    const c = { tx: tx(), session: session(), refused: "amount 1490 differs from 1000" }
    expect(decide(c)).toMatchObject({
      outcome: "flagged",
      case_kind: "payment_mismatch",
      session_id: "payses_1",
      detail: "Paid, but not accepted: amount 1490 differs from 1000",
    })
  })

  it("paid after its session was left: a case naming the session, no money in", () => {
    const c = { tx: tx(), left_session_id: "payses_1" }
    expect(paysItsSession(c)).toBe(false)
    expect(decide(c)).toMatchObject({
      outcome: "flagged",
      case_kind: "paid_after_abandon",
      session_id: "payses_1",
    })
  })

  it("paid for nothing of this store: a case; unpaid and unknown to the store: ignored", () => {
    expect(decide({ tx: tx({ payload: "someone-else" }) })).toMatchObject({
      outcome: "flagged",
      case_kind: "unmatched_payment",
    })
    expect(decide({ tx: tx({ status: "PENDING", payload: null }) })).toMatchObject({
      outcome: "ignored",
    })
    expect(decide({})).toMatchObject({ outcome: "ignored" })
  })

  it("a subscription charge is left to its charge callback", () => {
    expect(decide({ tx: tx({ paymentMethod: "Subscription" }) })).toMatchObject({
      outcome: "recorded",
    })
  })

  it("a claim Platega does not (yet) confirm stays open; a late CANCELED changes nothing", () => {
    const pending = { tx: tx({ status: "PENDING" }), session: session() }
    expect(decide(pending, undefined, "CONFIRMED")).toMatchObject({ outcome: "unconfirmed" })
    const paid = { tx: tx(), session: session() }
    expect(
      decide(paid, { order_id: "order_1", refunded: "0", paid: "1490" }, "CANCELED"),
    ).toMatchObject({ outcome: "captured" })
  })

  it("money returned on an order: a chargeback case; a repeat the flag step found flagged says so; none once Medusa refunded it all", () => {
    const c = { tx: tx({ status: "CHARGEBACKED" }), session: session() }
    const order = { order_id: "order_1", refunded: "0", paid: "1490" }
    expect(needsChargebackFlag(c, order)).toBe(true)
    const first = decideOutcome({ transaction_id: "tx-1" }, c, order, {
      flagged: true,
    })
    expect(first).toMatchObject({
      outcome: "flagged",
      case_kind: "chargeback",
      order_id: "order_1",
    })
    expect(first.detail).toBe("CHARGEBACKED: money returned; the order is flagged")
    // The same outcome again (a duplicate delivery, the reconciliation job): the flag step found
    // the order flagged and set nothing. The case stays; its words say it was flagged before.
    const again = decideOutcome({ transaction_id: "tx-1" }, c, order, {
      flagged: false,
    })
    expect(again).toMatchObject({
      outcome: "flagged",
      case_kind: "chargeback",
      order_id: "order_1",
    })
    expect(again.detail).toBe("Chargeback already flagged on the order")
    const refunded = { ...order, refunded: "1490" }
    expect(needsChargebackFlag(c, refunded)).toBe(false)
    expect(decide(c, refunded)).toMatchObject({ outcome: "refunded" })
    expect(decide(c)).toMatchObject({ outcome: "recorded" })
  })
})
