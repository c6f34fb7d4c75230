import {
  createStep,
  createWorkflow,
  StepResponse,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import type { BigNumberInput, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MathBN } from "@medusajs/framework/utils"
import { classifyTransactionStatus } from "../../lib/platega"
import { completeCartWorkflow } from "@medusajs/medusa/core-flows"
import {
  decideOutcome,
  needsChargebackFlag,
  paysItsSession,
  type ConfirmedTransaction,
  type SessionOrder,
} from "../../providers/platega"
import { errorMessage } from "../error-message"
import { cartOfPaymentCollection } from "../module-link-reads"
import { flagChargeback } from "./flag-chargeback"
import {
  authorizeWithRead,
  checkoutOf,
  readAndMatch,
  settleCheckout,
  withCartLock,
  withCartSettlement,
  type Checkout,
  type CheckoutRead,
} from "../checkout/settle-checkout"
import type { OutcomeRecord } from "./record-outcome"

export type { ConfirmedTransaction, SessionOrder, CheckoutRead, Checkout }

export interface HandlePlategaTransactionInput {
  transaction_id: string
  /** The status the callback claimed; Platega's own answer decides, this only labels a mismatch. */
  claimed_status?: string
  /** The store's record of its checkout, when the caller looked it up (null: there is none). */
  checkout?: Checkout | null
}

/** What handlePlategaTransaction did, and what Platega answered when it was read (for the log). */
export type HandledTransaction = OutcomeRecord & { platega_status?: string }

// ---- confirm: one read of Platega per event ---------------------------------------------------

/**
 * One read of Platega per event. The status a callback claims is never trusted: the transaction
 * is read from Platega, matched to the Medusa payment session it was made for, and, when paid in
 * full, that session is authorized with this very read. A checkout's transaction (the store's
 * record names its cart) is settled under the cart's lock at the one meeting point
 * (checkout/settle-checkout.ts), where the shopper's completion settles it too.
 */
async function confirmTransaction(
  container: MedusaContainer,
  input: HandlePlategaTransactionInput,
): Promise<CheckoutRead> {
  const checkout =
    input.checkout === undefined
      ? await checkoutOf(container, input.transaction_id)
      : (input.checkout ?? undefined)
  if (checkout?.cart_id) {
    const cartId = checkout.cart_id
    return withCartSettlement(container, cartId, async () => {
      const read = await withCartLock(container, cartId, () =>
        settleCheckout(container, input, { ...checkout, cart_id: cartId }),
      )
      if (read.paid_cart_id && !read.already_paid) {
        read.completed = await completePaidCart(container, cartId)
      }
      return read
    })
  }
  // No record of its checkout (made before the store kept one): read, then, when it pays its
  // session, authorize it under the lock of the cart that session pays for.
  const confirmed: CheckoutRead = await readAndMatch(container, input.transaction_id)
  if (paysItsSession(confirmed)) {
    const session = confirmed.session!
    const cartId = await cartOfPaymentCollection(container, session.payment_collection_id)
    const authorize = () => authorizeWithRead(container, confirmed)
    if (!cartId) {
      await authorize()
      return confirmed
    }
    await withCartSettlement(container, cartId, async () => {
      await withCartLock(container, cartId, authorize)
      if (confirmed.refused) return
      confirmed.paid_cart_id = cartId
      confirmed.completed = await completePaidCart(container, cartId)
    })
  }
  return confirmed
}

// ---- the order -------------------------------------------------------------------------------

/**
 * The order a payment session ended in (through its payment collection), and, when its money went
 * back (`reversed`), what Medusa refunded of its payment.
 */
async function orderOfSession(
  container: MedusaContainer,
  input: { session_id: string; payment_collection_id: string; reversed: boolean },
): Promise<SessionOrder> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const [{ data: links }, { data: payments }] = await Promise.all([
    query.graph({
      entity: "order_payment_collection",
      fields: ["order_id"],
      filters: { payment_collection_id: input.payment_collection_id },
    }),
    input.reversed
      ? query.graph({
          entity: "payment",
          fields: ["id", "amount", "refunds.amount"],
          filters: { payment_session_id: input.session_id },
        })
      : { data: [] },
  ])
  const payment = payments[0] as
    { amount: BigNumberInput; refunds?: ({ amount: BigNumberInput } | null)[] | null } | undefined
  // Decimal sums with MathBN: refund amounts are money.
  const refunded = MathBN.add(0, ...(payment?.refunds ?? []).map((r) => r?.amount ?? 0))
  return {
    order_id: links[0]?.order_id ?? undefined,
    refunded: refunded.toString(),
    ...(payment ? { paid: MathBN.convert(payment.amount).toString() } : {}),
  }
}

/**
 * The paid cart becomes its order, through Medusa's own cart completion as a workflow of its own
 * (it takes the cart's lock; a cart completed already answers its order). Its session is
 * authorized already, so completion asks Platega nothing. Should it fail (stock gone, say), the
 * payment stays captured and the outcome says the order is not made yet, for the reconciliation
 * job and the merchant, as Medusa's own payment pipeline leaves it.
 */
async function completePaidCart(
  container: MedusaContainer,
  cartId: string,
): Promise<{ order_id?: string }> {
  try {
    const { result } = await completeCartWorkflow(container).run({ input: { id: cartId } })
    return { order_id: result.id }
  } catch (e) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(`Platega: cart ${cartId} is paid, but its order could not be made: ${errorMessage(e)}`)
    return {}
  }
}

// ---- the transaction, start to end ------------------------------------------------------------

/**
 * One Platega transaction, brought into Medusa: read once from Platega (or not at all when its
 * checkout is paid already), decided by the pure decisions the provider uses too
 * (providers/platega/core/decisions.ts), its session authorized with that read and its cart
 * completed when paid, or its order flagged when its money went back. Safe to run any number of
 * times, in any order, for the same transaction. Its answer is what the callback log records
 * (recordOutcome, record-outcome.ts): the callback, re-check and the reconciliation job record it.
 *
 * A plain function, not a workflow: each of its parts is idempotent and takes its own locks, none
 * has anything to undo, and Medusa's cart completion inside it is a workflow of its own. A
 * workflow around it would only save checkpoints no one resumes from.
 */
export async function handlePlategaTransaction(
  container: MedusaContainer,
  input: HandlePlategaTransactionInput,
): Promise<HandledTransaction> {
  const confirmed = await confirmTransaction(container, input)
  const session = confirmed.session
  // A cart made paid just now was completed with it; anything else looks for the session's order.
  const sessionOrder: SessionOrder | undefined = !session
    ? undefined
    : confirmed.completed
      ? { refunded: "0", order_id: confirmed.completed.order_id }
      : await orderOfSession(container, {
          session_id: session.id,
          payment_collection_id: session.payment_collection_id,
          reversed: classifyTransactionStatus(confirmed.tx?.status ?? "") === "reversed",
        })
  const chargeback = needsChargebackFlag(confirmed, sessionOrder)
    ? await flagChargeback(container, {
        order_id: sessionOrder!.order_id!,
        transaction_id: confirmed.tx!.id,
        session_id: session!.id,
        status: confirmed.tx!.status,
      })
    : undefined
  const tx = confirmed.tx
  return {
    ...decideOutcome(input, confirmed, sessionOrder, chargeback),
    platega_status: tx?.status,
    read: tx
      ? {
          platega_id: tx.id,
          status: tx.status,
          amount: String(tx.paymentDetails.amount),
          currency: tx.paymentDetails.currency.toUpperCase(),
        }
      : undefined,
  }
}

const handlePlategaTransactionStep = createStep(
  "handle-platega-transaction-step",
  async (input: HandlePlategaTransactionInput, { container }) =>
    new StepResponse(await handlePlategaTransaction(container as MedusaContainer, input)),
)

/**
 * handlePlategaTransaction as a workflow, for a store's own code that runs it (the plugin calls
 * the function).
 */
export const handlePlategaTransactionWorkflow = createWorkflow(
  "handle-platega-transaction",
  (input: HandlePlategaTransactionInput) =>
    new WorkflowResponse(handlePlategaTransactionStep(input)),
)
