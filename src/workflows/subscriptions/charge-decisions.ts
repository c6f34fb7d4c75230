import {
  classifyTransactionStatus,
  paymentMethodCode,
  SUBSCRIPTION_METHOD_CODE,
  type Subscription,
  type TransactionStatus,
} from "../../lib/platega"
import {
  isFinalSubscriptionStatus,
  recordStatus,
  sessionIdInDescription,
} from "../../modules/platega"
import { paymentMismatch } from "../../providers/platega"
import type { OutcomeRecord } from "../callbacks/record-outcome"
import type { SubscriptionRecord } from "./subscription-record"

// The decisions of a charge's settlement, apart from the steps that read and write: what Platega's
// reads say is done with the charge, and what the callback log is told.

export interface SettleChargeInput {
  /** The charge's transaction id. */
  charge_id: string
  subscription_id: string
  source: "callback" | "sync"
  /** The status a callback claimed; Platega's own read decides. */
  claimed_status?: string
  /**
   * False for a callback that came without merchant headers: its SubscriptionId is only a hint,
   * and the charge is taken only when Platega's read of it names the subscription's checkout.
   */
  body_trusted?: boolean
}

/** What the read of GET /transaction/{id} ends before anything else is read; undefined: go on. */
export function chargeReadOutcome(
  input: Pick<SettleChargeInput, "charge_id" | "claimed_status">,
  tx: TransactionStatus | undefined,
): OutcomeRecord | undefined {
  if (!tx) {
    return { outcome: "ignored", detail: `Platega does not know transaction ${input.charge_id}` }
  }
  const state = classifyTransactionStatus(tx.status)
  if (
    input.claimed_status &&
    (state === "pending" || state === "unknown") &&
    classifyTransactionStatus(input.claimed_status) !== state
  ) {
    return {
      outcome: "unconfirmed",
      detail: `The callback says ${input.claimed_status}; Platega says ${tx.status}`,
    }
  }
  return undefined
}

/** Whether the charge is taken into the ledger; if not, the outcome and whether the read applies. */
type ChargeCheck = { accept: true } | { accept: false; outcome: OutcomeRecord; apply_read: boolean }

/** Whether a charge Platega confirmed is this subscription's and what it charges. */
export function checkCharge(
  tx: TransactionStatus,
  input: Pick<SettleChargeInput, "subscription_id" | "body_trusted">,
  sub: Subscription | undefined,
  record: SubscriptionRecord | undefined,
): ChargeCheck {
  if (!sub || !record) {
    const outcome: OutcomeRecord =
      classifyTransactionStatus(tx.status) === "confirmed"
        ? {
            outcome: "flagged",
            detail: `Charge ${tx.id} (${tx.paymentDetails.amount} ${tx.paymentDetails.currency}) is paid but belongs to no subscription of this store (${input.subscription_id}): refund or fulfil it by hand`,
          }
        : { outcome: "ignored", detail: `Charge ${tx.id} (${tx.status}) is not this store's` }
    return { accept: false, outcome, apply_read: false }
  }
  const ids = { session_id: record.payment_session_id }
  if (input.body_trusted === false && !chargeOfCheckout(tx, record)) {
    return {
      accept: false,
      apply_read: false,
      outcome: {
        ...ids,
        outcome: "ignored",
        detail: `Charge ${tx.id} came without merchant headers and Platega's read does not tie it to subscription ${sub.id}: left to the subscription sync`,
      },
    }
  }
  const wrong = chargeMismatch(tx, record)
  if (wrong) {
    return {
      accept: false,
      apply_read: true,
      outcome: { ...ids, outcome: "flagged", detail: `Charge ${tx.id} not accepted: ${wrong}` },
    }
  }
  return { accept: true }
}

/**
 * Whether Platega's own read of a charge names the checkout its subscription was made by: the
 * payload the store sent (the payment session id), or for a subscription made before the payload
 * was sent, the session id in its description.
 */
export function chargeOfCheckout(tx: TransactionStatus, record: SubscriptionRecord): boolean {
  const session = record.payment_session_id
  if (tx.payload) return tx.payload === session
  return sessionIdInDescription(tx.description) === session
}

/** Why a charge is not what its subscription charges; undefined when it is. */
function chargeMismatch(
  tx: TransactionStatus,
  record: Pick<SubscriptionRecord, "amount" | "currency_code">,
): string | undefined {
  const method = tx.paymentMethod == null ? undefined : paymentMethodCode(tx.paymentMethod)
  if (method !== undefined && method !== SUBSCRIPTION_METHOD_CODE) {
    return `it is a payment by method ${tx.paymentMethod}, not a subscription charge`
  }
  return paymentMismatch(
    { amount: record.amount, currency_code: record.currency_code },
    { paymentDetails: tx.paymentDetails },
  )
}

/**
 * The status the record takes from a charge's settlement: Platega's read, except that a failed
 * charge makes a live subscription PastDue (Platega does not retry it).
 */
export function statusAfterCharge(
  tx: TransactionStatus,
  record: Pick<SubscriptionRecord, "status">,
  sub: Pick<Subscription, "status">,
): string {
  if (classifyTransactionStatus(tx.status) !== "canceled") return recordStatus(sub.status)
  return isFinalSubscriptionStatus(record.status) ? record.status : "PastDue"
}

/** Where a recorded charge goes next: its order is the checkout's, a renewal, or none. */
export function chargeNext(
  tx: TransactionStatus,
  charge: { order_id: string | null } | undefined,
): "order" | "none" {
  if (!charge || charge.order_id) return "none"
  return classifyTransactionStatus(tx.status) === "confirmed" ? "order" : "none"
}

interface ChargeSettlement {
  tx: TransactionStatus
  check: ChargeCheck
  record?: Pick<SubscriptionRecord, "payment_session_id" | "status">
  charge?: { order_id: string | null }
  kind?: "first" | "renewal"
  first?: { order_id?: string; abandoned?: true }
  claimed?: boolean
  renewal?: { order_id: string }
}

/** What the callback log is told of a charge's settlement. */
export function chargeOutcome(s: ChargeSettlement): OutcomeRecord {
  const { tx } = s
  if (!s.check.accept) return s.check.outcome
  const ids = { session_id: s.record?.payment_session_id }
  const state = classifyTransactionStatus(tx.status)
  if (state === "canceled") {
    return {
      ...ids,
      outcome: "recorded",
      detail: `Charge ${tx.id} failed: subscription ${s.record?.status}`,
    }
  }
  if (state !== "confirmed") {
    return { ...ids, outcome: "recorded", detail: `Charge ${tx.id} is ${tx.status}: nothing to do` }
  }
  if (s.charge?.order_id) {
    return {
      ...ids,
      order_id: s.charge.order_id,
      outcome: "captured",
      detail: `Charge ${tx.id} already paid order ${s.charge.order_id}`,
    }
  }
  if (s.kind === "first" && s.first?.abandoned) {
    return {
      ...ids,
      outcome: "flagged",
      case_kind: "paid_after_abandon",
      detail: `First charge ${tx.id} (${tx.paymentDetails.amount} ${tx.paymentDetails.currency}) was paid after its checkout moved on to another payment method: no order was made and the subscription was cancelled at Platega; refund the charge`,
    }
  }
  if (s.kind === "first") {
    const orderId = s.first?.order_id
    return orderId
      ? {
          ...ids,
          order_id: orderId,
          outcome: "captured",
          detail: `First charge ${tx.id} paid the checkout's order ${orderId}`,
        }
      : { ...ids, outcome: "pending", detail: "First charge paid; the order is not made yet" }
  }
  if (!s.claimed || !s.renewal) {
    return { ...ids, outcome: "pending", detail: `Charge ${tx.id}: its order is being made` }
  }
  return {
    ...ids,
    order_id: s.renewal.order_id,
    outcome: "captured",
    detail: `Charge ${tx.id} (${tx.paymentDetails.amount} ${tx.paymentDetails.currency}): renewal order ${s.renewal.order_id}`,
  }
}

/** What the callback log is told of a subscription's status, read from Platega. */
export function statusOutcome(
  subscriptionId: string,
  claimed: string | undefined,
  sub: Subscription | undefined,
  record: Pick<SubscriptionRecord, "payment_session_id" | "status"> | undefined,
  orderId: string | undefined,
): OutcomeRecord {
  if (!sub) {
    return { outcome: "ignored", detail: `Platega does not know subscription ${subscriptionId}` }
  }
  if (!record) {
    return {
      outcome: "ignored",
      detail: `Subscription ${sub.id} was not made by this store's checkout`,
    }
  }
  return {
    outcome: "recorded",
    session_id: record.payment_session_id,
    order_id: orderId,
    detail: `Subscription ${record.status}${claimed ? ` (callback: ${claimed})` : ""}`,
  }
}
