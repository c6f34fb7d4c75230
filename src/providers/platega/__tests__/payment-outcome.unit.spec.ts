import { PaymentActions } from "@medusajs/framework/utils"
import type { TransactionStatus } from "../../../lib/platega"
import {
  decideOutcome,
  needsChargebackFlag,
  paymentDecision,
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

const session = (amount: string | number = "1490") => ({
  id: "payses_1",
  provider_id: "pp_platega-sbp_platega",
  status: "pending",
  payment_collection_id: "pay_col_1",
  amount,
  currency_code: "rub",
})

/** The whole decision, as the workflow takes it: the pipeline's, then the outcome after it. */
function decide(c: ConfirmedTransaction, order?: SessionOrder, claimed?: string) {
  const webhook = paymentDecision(c)
  return decideOutcome({ transaction_id: "tx-1", claimed_status: claimed }, c, webhook, order, {
    flagged: needsChargebackFlag(c, order),
  })
}

describe("what a transaction means: one decision for every path", () => {
  it("paid in full for its session: the pipeline takes it; with its order, captured", () => {
    const c = { tx: tx(), session: session() }
    expect(paymentDecision(c)).toMatchObject({
      action: PaymentActions.SUCCESSFUL,
      data: { session_id: "payses_1", amount: 1490 },
    })
    expect(decide(c, { order_id: "order_1", refunded: "0", paid: "1490" })).toMatchObject({
      outcome: "captured",
      order_id: "order_1",
    })
    expect(decide(c)).toMatchObject({ outcome: "pending" })
  })

  it("another amount or currency: no money in, one case of kind payment_mismatch", () => {
    for (const c of [
      { tx: tx(), session: session("1000") },
      { tx: tx({ paymentDetails: { amount: 1490, currency: "USD" } }), session: session() },
    ]) {
      expect(paymentDecision(c)).toMatchObject({ action: PaymentActions.NOT_SUPPORTED })
      expect(decide(c)).toMatchObject({
        outcome: "flagged",
        case_kind: "payment_mismatch",
        session_id: "payses_1",
      })
    }
  })

  it("paid after its session was left: a case naming the session, no money in", () => {
    const c = { tx: tx(), left_session_id: "payses_1" }
    expect(paymentDecision(c)).toBeUndefined()
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

  it("money returned on an order: flagged once, unless Medusa refunded it all", () => {
    const c = { tx: tx({ status: "CHARGEBACKED" }), session: session() }
    const order = { order_id: "order_1", refunded: "0", paid: "1490" }
    expect(needsChargebackFlag(c, order)).toBe(true)
    expect(decide(c, order)).toMatchObject({ outcome: "flagged", case_kind: "chargeback" })
    const refunded = { ...order, refunded: "1490" }
    expect(needsChargebackFlag(c, refunded)).toBe(false)
    expect(decide(c, refunded)).toMatchObject({ outcome: "refunded" })
    expect(decide(c)).toMatchObject({ outcome: "recorded" })
  })
})
