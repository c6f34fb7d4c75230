import {
  createStep,
  createWorkflow,
  StepResponse,
  transform,
  when,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import type { BigNumberInput, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MathBN, Modules } from "@medusajs/framework/utils"
import { completeCartWorkflow } from "@medusajs/medusa/core-flows"
import {
  classifyTransactionStatus,
  isPlategaError,
  paymentMethodCode,
  SUBSCRIPTION_METHOD_CODE,
} from "../../lib/platega"
import { PLATEGA_MODULE, withHandedReads, type PlategaModuleService } from "../../modules/platega"
import {
  decideOutcome,
  needsChargebackFlag,
  paymentDecision,
  takesMoneyIn,
  type ConfirmedTransaction,
  type SessionOrder,
} from "../../providers/platega"
import { cartOfPaymentCollection } from "../link-reads"
import { flagChargebackStep } from "../steps/flag-chargeback"
import type { OutcomeRecord } from "./process-platega-callback"

export type { ConfirmedTransaction, SessionOrder }

export interface HandlePlategaTransactionInput {
  transaction_id: string
  /** The status the callback claimed; Platega's own answer decides, this only labels a mismatch. */
  claimed_status?: string
  /** The store's record of its checkout, when the caller looked it up (null: there is none). */
  checkout?: Checkout | null
}

/** What the workflow did, and what Platega answered when it was read (for the callback log). */
export type HandledTransaction = OutcomeRecord & { platega_status?: string }

/** A transaction as the confirm step left it: read (or found paid already) and, if paid, authorized. */
export type CheckoutRead = ConfirmedTransaction & {
  /** The cart whose session the confirm step found or made paid: its order is made next. */
  paid_cart_id?: string
}

// ---- confirm: one read of Platega per event ---------------------------------------------------

type Session = NonNullable<ConfirmedTransaction["session"]>

/** As long as Medusa's own cart completion waits for the cart's lock. */
const LOCK_TIMEOUT_SECONDS = 30

const SESSION_FIELDS = [
  "id",
  "provider_id",
  "status",
  "payment_collection_id",
  "amount",
  "currency_code",
  "data",
]

/**
 * One read of Platega per event. The status a callback claims is never trusted: the transaction
 * is read from Platega, matched to the Medusa payment session it was made for, and, when paid in
 * full, that session is authorized with this very read (withHandedReads): the provider asks
 * Platega nothing more.
 *
 * A checkout's transaction (the store's record names its cart) is settled under the cart's lock,
 * the lock the shopper's own completion takes: whoever comes second finds the session paid and
 * reads nothing. So a paid order costs one read, whether the callback or the shopper's return
 * comes first, or both at once. A callback claiming CONFIRMED for a session already paid is not
 * read again; any other claim, and the reconciliation job and re-check, read.
 */
const confirmPlategaTransactionStep = createStep(
  "confirm-platega-transaction",
  async (
    input: { transaction_id: string; claimed_status?: string; checkout?: Checkout | null },
    { container },
  ) => {
    const checkout =
      input.checkout === undefined
        ? await checkoutOf(container, input.transaction_id)
        : (input.checkout ?? undefined)
    if (checkout?.cart_id) {
      const cartId = checkout.cart_id
      const found = await underCartLock(container, cartId, () =>
        settleCheckout(container, input, { ...checkout, cart_id: cartId }),
      )
      return new StepResponse<CheckoutRead>(found)
    }
    // No record of its checkout (made before the store kept one): read, then, when it pays its
    // session, authorize it under the lock of the cart that session pays for.
    const confirmed: CheckoutRead = await readAndMatch(container, input.transaction_id)
    if (takesMoneyIn(paymentDecision(confirmed))) {
      const session = confirmed.session!
      const cartId = await cartOfPaymentCollection(container, session.payment_collection_id)
      const authorize = () => authorizeWithRead(container, confirmed)
      if (cartId) {
        await underCartLock(container, cartId, authorize)
        confirmed.paid_cart_id = cartId
      } else {
        await authorize()
      }
    }
    return new StepResponse<CheckoutRead>(confirmed)
  },
)

/** The store's record of the checkout a transaction was made for (models/checkout-transaction.ts). */
export interface Checkout {
  payment_session_id: string
  cart_id: string | null
}

/** The checkout the store made this transaction for (its own record), if it made it. */
export async function checkoutOf(
  container: MedusaContainer,
  id: string,
): Promise<Checkout | undefined> {
  const [row] = await container
    .resolve<PlategaModuleService>(PLATEGA_MODULE)
    .listPlategaCheckoutTransactions(
      { transaction_id: [...new Set([id, id.toLowerCase()])] },
      { take: 1, select: ["payment_session_id", "cart_id"] },
    )
  return row ? { payment_session_id: row.payment_session_id, cart_id: row.cart_id } : undefined
}

function underCartLock<T>(container: MedusaContainer, cartId: string, work: () => Promise<T>) {
  return container.resolve(Modules.LOCKING).execute(cartId, work, { timeout: LOCK_TIMEOUT_SECONDS })
}

/** The session authorized with the read that found it paid: the provider reads nothing more. */
async function authorizeWithRead(container: MedusaContainer, c: ConfirmedTransaction) {
  await withHandedReads({ transactions: [c.tx] }, () =>
    container.resolve(Modules.PAYMENT).authorizePaymentSession(c.session!.id, {}),
  )
}

async function settleCheckout(
  container: MedusaContainer,
  input: { transaction_id: string; claimed_status?: string },
  checkout: Checkout & { cart_id: string },
): Promise<CheckoutRead> {
  if (classifyTransactionStatus(input.claimed_status ?? "") === "confirmed") {
    const session = await paidSession(container, checkout.payment_session_id, input.transaction_id)
    if (session) return { session, already_paid: true, paid_cart_id: checkout.cart_id }
  }
  const confirmed: CheckoutRead = await readAndMatch(container, input.transaction_id)
  const paid = takesMoneyIn(paymentDecision(confirmed))
  if (paid && confirmed.session?.id === checkout.payment_session_id) {
    await authorizeWithRead(container, confirmed)
    confirmed.paid_cart_id = checkout.cart_id
  }
  return confirmed
}

/**
 * The session, when its payment is already captured (Platega captures at once) and it is this
 * transaction's: a session started again with another transaction was paid by that one, and
 * this one's money is read and becomes a case.
 */
async function paidSession(
  container: MedusaContainer,
  id: string,
  transactionId: string,
): Promise<Session | undefined> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const [{ data: sessions }, { data: payments }] = await Promise.all([
    query.graph({ entity: "payment_session", fields: SESSION_FIELDS, filters: { id } }),
    query.graph({
      entity: "payment",
      fields: ["captured_at"],
      filters: { payment_session_id: id },
    }),
  ])
  const captured = (payments as { captured_at?: unknown }[]).some((p) => !!p.captured_at)
  if (!captured || !sessions[0]) return undefined
  const { data, ...session } = sessions[0]
  const current = (data as { transaction_id?: unknown } | null)?.transaction_id
  if (typeof current !== "string" || current.toLowerCase() !== transactionId.toLowerCase()) {
    return undefined
  }
  return session as Session
}

/** GET /transaction/{id}, and the Medusa payment session it was made for (its `payload`). */
async function readAndMatch(container: MedusaContainer, id: string): Promise<ConfirmedTransaction> {
  const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
  let confirmed: ConfirmedTransaction
  try {
    confirmed = { tx: await platega.access.readTransaction(id) }
  } catch (e) {
    if (isPlategaError(e) && e.httpStatus === 404) return {}
    throw e
  }
  const tx = confirmed.tx!
  // Every charge of a subscription carries its checkout's session as payload: the charges are
  // settled by their charge callbacks and the subscription sync, never as that session's payment.
  const subscriptionCharge = paymentMethodCode(tx.paymentMethod ?? "") === SUBSCRIPTION_METHOD_CODE
  if (tx.payload?.startsWith("payses_") && !subscriptionCharge) {
    const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
      entity: "payment_session",
      fields: SESSION_FIELDS,
      filters: { id: tx.payload },
    })
    const { data: sessionData, ...session } = data[0] ?? {}
    const current = (sessionData as { transaction_id?: unknown } | null)?.transaction_id
    if (session.provider_id?.startsWith("pp_platega") && current === tx.id) {
      confirmed.session = session as Session
    } else {
      confirmed.left_session_id = tx.payload
    }
  }
  return confirmed
}

// ---- the order -------------------------------------------------------------------------------

/** The order a payment session ended in (through its payment collection), and what was refunded. */
const findOrderForSessionStep = createStep(
  "find-order-for-platega-session",
  async (input: { session_id: string; payment_collection_id: string }, { container }) => {
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const [{ data: links }, { data: payments }] = await Promise.all([
      query.graph({
        entity: "order_payment_collection",
        fields: ["order_id"],
        filters: { payment_collection_id: input.payment_collection_id },
      }),
      query.graph({
        entity: "payment",
        fields: ["id", "amount", "refunds.amount"],
        filters: { payment_session_id: input.session_id },
      }),
    ])
    const payment = payments[0] as
      { amount: BigNumberInput; refunds?: ({ amount: BigNumberInput } | null)[] | null } | undefined
    // Decimal sums with MathBN: refund amounts are money.
    const refunded = MathBN.add(0, ...(payment?.refunds ?? []).map((r) => r?.amount ?? 0))
    return new StepResponse<SessionOrder>({
      order_id: links[0]?.order_id ?? undefined,
      refunded: refunded.toString(),
      ...(payment ? { paid: MathBN.convert(payment.amount).toString() } : {}),
    })
  },
)

/**
 * The paid cart (with no order yet) becomes its order, through Medusa's own cart completion as a
 * workflow of its own (it takes the cart's lock: a shopper completing the same cart at that moment
 * gets the same order). Its session is authorized already, so completion asks Platega nothing.
 * Should it fail (stock gone, say), the payment stays captured and the outcome says the order is
 * not made yet, for the reconciliation job and the merchant, as Medusa's own payment pipeline
 * leaves it.
 */
const completeCheckoutCartStep = createStep(
  "complete-platega-checkout-cart",
  async (input: { cart_id: string }, { container }) => {
    try {
      const { result } = await completeCartWorkflow(container).run({ input: { id: input.cart_id } })
      return new StepResponse<{ order_id?: string }>({ order_id: result.id })
    } catch (e) {
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .warn(`Platega: cart ${input.cart_id} is paid, but its order could not be made: ${e}`)
      return new StepResponse<{ order_id?: string }>({})
    }
  },
)

// ---- the workflow --------------------------------------------------------------------------

/**
 * One Platega transaction, brought into Medusa: read once from Platega (or not at all when its
 * checkout is paid already), decided by the pure decisions the provider uses too
 * (providers/platega/core/decisions.ts), its session authorized with that read and its cart
 * completed when paid, or flagged when its money went back. Safe to run any number of times, in
 * any order, for the same transaction. Its answer is what the callback log records
 * (recordOutcome, process-platega-callback.ts): the callback's workflow, re-check and the
 * reconciliation job record it.
 */
export const handlePlategaTransactionWorkflow = createWorkflow(
  "handle-platega-transaction",
  (input: HandlePlategaTransactionInput) => {
    const confirmed = confirmPlategaTransactionStep(
      transform({ input }, ({ input }) => ({
        transaction_id: input.transaction_id,
        claimed_status: input.claimed_status,
        checkout: input.checkout,
      })),
    )

    const webhook = transform({ confirmed }, ({ confirmed }) => paymentDecision(confirmed))

    const found = when(
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

    // Paid under the cart's lock, and no order yet: the cart becomes its order.
    const completed = when(
      "platega-checkout-paid",
      { confirmed, found },
      ({ confirmed, found }) => !!confirmed.paid_cart_id && !found?.order_id,
    ).then(() =>
      completeCheckoutCartStep(
        transform({ confirmed }, ({ confirmed }) => ({ cart_id: confirmed.paid_cart_id! })),
      ),
    )
    const sessionOrder = transform(
      { found, completed },
      ({ found, completed }): SessionOrder | undefined =>
        found && { ...found, order_id: found.order_id ?? completed?.order_id },
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
    return new WorkflowResponse(
      transform({ outcome, confirmed }, ({ outcome, confirmed }): HandledTransaction => ({
        ...outcome,
        platega_status: confirmed.tx?.status,
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
  },
)
