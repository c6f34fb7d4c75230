import { MathBN, PaymentSessionStatus } from "@medusajs/framework/utils"
import type { BigNumberInput } from "@medusajs/framework/types"
import {
  classifyTransactionStatus,
  paymentMethodCode,
  SUBSCRIPTION_METHOD_CODE,
  type TransactionStatus,
} from "../../../lib/platega"
import type { CallbackOutcome, CaseKind } from "../../../modules/platega"
import { sameAmount } from "../../../lib/platega/money"

// What a Platega transaction means for the store, decided in one place and alike whichever path
// brought it in (its callback, the shopper's return, the reconciliation job, re-check): pure
// functions of Platega's answer to the store's own read and the store's own records. Whether the
// money paid is what the session asked is decided once, at the session's authorization
// (paid-check.ts, with paymentMismatch below); the outcome only reads what it decided (`refused`).

/**
 * Platega status → Medusa payment session status. Platega captures at once, so CONFIRMED is
 * "captured". CHARGEBACKED (money returned) and unknown values are never treated as paid.
 */
export function sessionStatusFor(status: string): PaymentSessionStatus {
  switch (classifyTransactionStatus(status)) {
    case "confirmed":
      return PaymentSessionStatus.CAPTURED
    case "canceled":
    case "reversed":
      return PaymentSessionStatus.CANCELED
    case "pending":
    case "unknown":
    default:
      // Unknown values are new intermediate states the service added: wait, never fulfil.
      return PaymentSessionStatus.PENDING
  }
}

/** What a payment session asked Platega to charge. */
export interface ExpectedPayment {
  amount: BigNumberInput
  currency_code: string
}

/** Why a CONFIRMED transaction is not what the session asked for; undefined when it is. */
export function paymentMismatch(
  expected: ExpectedPayment | undefined,
  tx: Pick<TransactionStatus, "paymentDetails">,
): string | undefined {
  if (!expected) return "the session has no amount to compare"
  const paidCurrency = tx.paymentDetails.currency.toUpperCase()
  const currency = expected.currency_code.toUpperCase()
  if (paidCurrency !== currency) return `currency ${paidCurrency} differs from ${currency}`
  if (!sameAmount(tx.paymentDetails.amount, expected.amount, currency)) {
    return `amount ${tx.paymentDetails.amount} differs from ${String(expected.amount)}`
  }
  return undefined
}

/** A transaction as the store found it: Platega's answer, and the session it was made for. */
export interface ConfirmedTransaction {
  /** What GET /transaction/{id} said; undefined when Platega does not know the id. */
  tx?: TransactionStatus
  /** The Medusa payment session the transaction was made for (its `payload`). */
  session?: {
    id: string
    provider_id: string
    status: string
    payment_collection_id: string
  }
  /**
   * The transaction was made for a session of this store that no longer waits for it (deleted,
   * or started again with another transaction): its money pays nothing by itself.
   */
  left_session_id?: string
  /**
   * A callback claimed CONFIRMED for a checkout whose session is paid already (the shopper's
   * return, or an earlier delivery, got there first): Platega was not read again.
   */
  already_paid?: boolean
  /**
   * Why the session's authorization did not take Platega's paid answer (another amount or
   * currency, or a transaction that pays another session): paid-check.ts decided it.
   */
  refused?: string
}

/** The order a payment session ended in, and what was refunded on its payment. */
export interface SessionOrder {
  order_id?: string
  /** Sum of refunds Medusa recorded on the session's payment (decimal string). */
  refunded: string
  /** Amount of the session's payment (decimal string), when a payment exists. */
  paid?: string
}

/** What the store did with a transaction, as its log records it. */
export interface PaymentOutcome {
  outcome: CallbackOutcome
  detail: string
  session_id?: string
  order_id?: string
  /** A flagged outcome's kind of case (modules/platega/flagged-cases.ts). */
  case_kind?: CaseKind
}

/** Platega says paid, for a live session of this store: that session's authorization decides. */
export function paysItsSession(c: ConfirmedTransaction): boolean {
  return !!c.tx && !!c.session && classifyTransactionStatus(c.tx.status) === "confirmed"
}

function fullyRefunded(o: SessionOrder | undefined): boolean {
  return !!o?.paid && MathBN.gte(o.refunded, o.paid)
}

/** Money went back on a session's paid order that Medusa has not refunded in full: flag it. */
export function needsChargebackFlag(c: ConfirmedTransaction, o: SessionOrder | undefined): boolean {
  return (
    !!c.tx &&
    !!c.session &&
    classifyTransactionStatus(c.tx.status) === "reversed" &&
    !!o?.order_id &&
    !fullyRefunded(o)
  )
}

/**
 * What a transaction's situation means, once its session's authorization ran: paid in full → its order; paid
 * another amount or currency → a case, no order; paid after its session was left → a case; paid
 * for nothing of this store → a case; money returned on an order → the order flagged.
 */
export function decideOutcome(
  input: { transaction_id: string; claimed_status?: string },
  c: ConfirmedTransaction,
  o: SessionOrder | undefined,
  chargeback: { flagged: boolean } | undefined,
): PaymentOutcome {
  const ids = { session_id: c.session?.id, order_id: o?.order_id }
  if (c.already_paid) {
    return o?.order_id
      ? {
          ...ids,
          outcome: "captured",
          detail: `Paid already; order ${o.order_id} (not read again)`,
        }
      : { ...ids, outcome: "pending", detail: "Paid already; the order is not created yet" }
  }
  if (!c.tx)
    return {
      outcome: "ignored",
      detail: `Platega does not know transaction ${input.transaction_id}`,
    }
  const state = classifyTransactionStatus(c.tx.status)
  const claimed = input.claimed_status
  if (
    claimed &&
    (state === "pending" || state === "unknown") &&
    classifyTransactionStatus(claimed) !== state
  ) {
    // Not (yet) what Platega says: left open, so the genuine delivery of this claim is processed.
    return {
      ...ids,
      outcome: "unconfirmed",
      detail: `The callback says ${claimed}; Platega says ${c.tx.status}`,
    }
  }
  const amount = `${c.tx.paymentDetails.amount} ${c.tx.paymentDetails.currency}`
  if (!c.session && paymentMethodCode(c.tx.paymentMethod ?? "") === SUBSCRIPTION_METHOD_CODE) {
    // A subscription charge: its charge callback and the subscription sync settle it.
    return {
      outcome: "recorded",
      detail: `Subscription charge ${c.tx.id} (${c.tx.status}): settled through its charge callback`,
    }
  }
  if (!c.session && c.left_session_id && state === "confirmed") {
    // Named by its session (when it still exists), so the case shows the cart it was paid for.
    return {
      session_id: c.left_session_id,
      outcome: "flagged",
      case_kind: "paid_after_abandon",
      detail: `Transaction ${c.tx.id} was paid after its payment session ${c.left_session_id} was abandoned or started again with another transaction: no order was made for it; refund it at Platega or fulfil it by hand`,
    }
  }
  if (!c.session) {
    return state === "confirmed"
      ? {
          outcome: "flagged",
          case_kind: "unmatched_payment",
          detail: `Transaction ${c.tx.id} is paid but matches no payment session of this store (payload ${c.tx.payload ?? "none"}): refund or fulfil it by hand`,
        }
      : c.left_session_id
        ? {
            // A declined or abandoned attempt of a checkout: shown under its cart.
            session_id: c.left_session_id,
            outcome: "recorded",
            detail: `Transaction ${c.tx.id} (${c.tx.status}) of a payment session that was left or started again`,
          }
        : {
            outcome: "ignored",
            detail: `Transaction ${c.tx.id} (${c.tx.status}) matches no payment session of this store`,
          }
  }
  if (state === "confirmed") {
    if (c.refused) {
      return {
        ...ids,
        outcome: "flagged",
        case_kind: "payment_mismatch",
        detail: `Paid, but not accepted: ${c.refused}`,
      }
    }
    return o?.order_id
      ? { ...ids, outcome: "captured", detail: `Paid ${amount}; order ${o.order_id}` }
      : {
          ...ids,
          outcome: "pending",
          detail: "Paid; the order is not created yet (will be retried)",
        }
  }
  if (state === "reversed") {
    if (!o?.order_id)
      return { ...ids, outcome: "recorded", detail: `${c.tx.status} before any order existed` }
    if (fullyRefunded(o))
      return { ...ids, outcome: "refunded", detail: "Refund recorded in Medusa" }
    return {
      ...ids,
      outcome: "flagged",
      case_kind: "chargeback",
      detail:
        chargeback?.flagged === false
          ? "Chargeback already flagged on the order"
          : `${c.tx.status}: money returned; the order is flagged`,
    }
  }
  return { ...ids, outcome: "recorded", detail: `Status ${c.tx.status}: nothing to do` }
}
