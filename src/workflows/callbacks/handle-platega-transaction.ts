import {
  createWorkflow,
  transform,
  when,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { MathBN, PaymentActions } from "@medusajs/framework/utils"
import type { WebhookActionResult } from "@medusajs/framework/types"
import {
  classifyTransactionStatus,
  paymentMethodCode,
  SUBSCRIPTION_METHOD_CODE,
} from "../../lib/platega"
import { decideTransactionWebhook } from "../../providers/platega"
import {
  confirmPlategaTransactionStep,
  type ConfirmedTransaction,
} from "../steps/confirm-platega-transaction"
import { findOrderForSessionStep, type SessionOrder } from "../steps/find-order-for-session"
import { flagChargebackStep } from "../steps/flag-chargeback"
import { markPlategaCallbackStep, type OutcomeRecord } from "../steps/mark-platega-callback"
import { runPaymentPipelineStep } from "../steps/run-payment-pipeline"

export interface HandlePlategaTransactionInput {
  transaction_id: string
  /** The callback log record to update, when a callback (not the reconciliation job) started this. */
  callback_id?: string
  /** The status the callback claimed; Platega's own answer decides, this only labels a mismatch. */
  claimed_status?: string
}

const MONEY_IN: string[] = [PaymentActions.SUCCESSFUL, PaymentActions.AUTHORIZED]

/**
 * One Platega transaction, brought into Medusa: read once from Platega, decided by the same pure
 * function the provider's getWebhookActionAndData uses, then through Medusa's processPaymentWorkflow
 * when paid, or flagged when its money went back. Safe to run any number of times, in any order,
 * for the same transaction.
 */
export const handlePlategaTransactionWorkflow = createWorkflow(
  "handle-platega-transaction",
  (input: HandlePlategaTransactionInput) => {
    const confirmed = confirmPlategaTransactionStep(
      transform({ input }, ({ input }) => ({
        transaction_id: input.transaction_id,
        claimed_status: input.claimed_status,
      })),
    )

    const webhook = transform({ confirmed }, ({ confirmed }) =>
      isPaidForSession(confirmed)
        ? decideTransactionWebhook(confirmed.tx!, confirmed.session)
        : undefined,
    )

    when("platega-run-payment-pipeline", { webhook }, ({ webhook }) =>
      MONEY_IN.includes(webhook?.action ?? ""),
    ).then(() => {
      runPaymentPipelineStep(
        transform({ webhook, confirmed }, ({ webhook, confirmed }) => {
          const { reason: _reason, ...result } = webhook!
          return {
            webhook: result as WebhookActionResult,
            payment_collection_id: confirmed.session!.payment_collection_id,
          }
        }),
      )
    })

    const sessionOrder = when(
      "platega-has-session",
      { confirmed },
      ({ confirmed }) => !!confirmed.session,
    ).then(() =>
      findOrderForSessionStep(
        transform({ confirmed }, ({ confirmed }) => ({
          session_id: confirmed.session!.id,
          payment_collection_id: confirmed.session!.payment_collection_id,
        })),
      ),
    )

    const chargeback = when(
      "platega-tx-reversed-on-paid-order",
      { confirmed, sessionOrder },
      ({ confirmed, sessionOrder }) => needsChargebackFlag(confirmed, sessionOrder),
    ).then(() =>
      flagChargebackStep(
        transform({ confirmed, sessionOrder }, ({ confirmed, sessionOrder }) => ({
          order_id: sessionOrder!.order_id!,
          transaction_id: confirmed.tx!.id,
          session_id: confirmed.session!.id,
          status: confirmed.tx!.status,
        })),
      ),
    )

    const outcome = transform(
      { confirmed, webhook, sessionOrder, chargeback, input },
      ({ confirmed, webhook, sessionOrder, chargeback, input }) =>
        decideOutcome(input, confirmed, webhook, sessionOrder, chargeback),
    )
    markPlategaCallbackStep(
      transform({ outcome, input, confirmed }, ({ outcome, input, confirmed }) => ({
        ...outcome,
        callback_id: input.callback_id,
        read: confirmed.tx
          ? {
              platega_id: confirmed.tx.id,
              status: confirmed.tx.status,
              amount: String(confirmed.tx.paymentDetails.amount),
              currency: confirmed.tx.paymentDetails.currency.toUpperCase(),
            }
          : undefined,
      })),
    )
    return new WorkflowResponse(
      transform({ outcome, confirmed }, ({ outcome, confirmed }) => ({
        ...outcome,
        platega_status: confirmed.tx?.status,
      })),
    )
  },
)

function isPaidForSession(c: ConfirmedTransaction): boolean {
  return !!c.tx && !!c.session && classifyTransactionStatus(c.tx.status) === "confirmed"
}

function fullyRefunded(o: SessionOrder | undefined): boolean {
  return !!o?.paid && MathBN.gte(o.refunded, o.paid)
}

function needsChargebackFlag(c: ConfirmedTransaction, o: SessionOrder | undefined): boolean {
  return (
    !!c.tx &&
    !!c.session &&
    classifyTransactionStatus(c.tx.status) === "reversed" &&
    !!o?.order_id &&
    !fullyRefunded(o)
  )
}

function decideOutcome(
  input: HandlePlategaTransactionInput,
  c: ConfirmedTransaction,
  webhook: (WebhookActionResult & { reason?: string }) | undefined,
  o: SessionOrder | undefined,
  chargeback: { flagged: boolean } | undefined,
): OutcomeRecord {
  const ids = { session_id: c.session?.id, order_id: o?.order_id }
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
    // A subscription charge (never matched to a session, see confirm-platega-transaction): its
    // charge callback and the subscription sync settle it.
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
      : {
          outcome: "ignored",
          detail: `Transaction ${c.tx.id} (${c.tx.status}) matches no payment session of this store`,
        }
  }
  if (state === "confirmed") {
    if (!MONEY_IN.includes(webhook?.action ?? "")) {
      return {
        ...ids,
        outcome: "flagged",
        case_kind: "payment_mismatch",
        detail: `Paid, but not accepted: ${webhook?.reason ?? "amount or currency differs from the session"}`,
      }
    }
    return o?.order_id
      ? {
          ...ids,
          outcome: "captured",
          detail: `Paid ${amount}; order ${o.order_id}`,
        }
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
