import {
  createWorkflow,
  transform,
  when,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { decideOutcome, needsChargebackFlag, paymentDecision } from "../../providers/platega"
import { completeCheckoutCartStep } from "../steps/complete-checkout-cart"
import { confirmPlategaTransactionStep } from "../steps/confirm-platega-transaction"
import { findOrderForSessionStep } from "../steps/find-order-for-session"
import { flagChargebackStep } from "../steps/flag-chargeback"
import { markPlategaCallbackStep } from "../steps/mark-platega-callback"

export interface HandlePlategaTransactionInput {
  transaction_id: string
  /** The callback log record to update, when a callback (not the reconciliation job) started this. */
  callback_id?: string
  /** The status the callback claimed; Platega's own answer decides, this only labels a mismatch. */
  claimed_status?: string
}

/**
 * One Platega transaction, brought into Medusa: read once from Platega (or not at all when its
 * checkout is paid already), decided by the pure decisions the provider uses too
 * (providers/platega/core/decisions.ts), its session authorized with that read and its cart
 * completed when paid, or flagged when its money went back. Safe to run any number of times, in
 * any order, for the same transaction.
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

    const webhook = transform({ confirmed }, ({ confirmed }) => paymentDecision(confirmed))

    // Paid under the cart's lock: the cart becomes its order.
    when("platega-checkout-paid", { confirmed }, ({ confirmed }) => !!confirmed.paid_cart_id).then(
      () => {
        completeCheckoutCartStep(
          transform({ confirmed }, ({ confirmed }) => ({ cart_id: confirmed.paid_cart_id! })),
        )
      },
    )

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
