import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import {
  classifyTransactionStatus,
  isPlategaError,
  paymentMethodCode,
  SUBSCRIPTION_METHOD_CODE,
} from "../../lib/platega"
import { PLATEGA_MODULE, withHandedReads, type PlategaModuleService } from "../../modules/platega"
import { paymentDecision, takesMoneyIn, type ConfirmedTransaction } from "../../providers/platega"
import { cartOfPaymentCollection } from "../link-reads"

export type { ConfirmedTransaction }

/** A transaction as this step left it: read (or found paid already) and, if paid, authorized. */
export type CheckoutRead = ConfirmedTransaction & {
  /** The cart whose session this step found or made paid: its order is made next. */
  paid_cart_id?: string
}

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
 * full, that session is authorized with this very read (handed-reads.ts): the provider asks
 * Platega nothing more.
 *
 * A checkout's transaction (the store's record names its cart) is settled under the cart's lock,
 * the lock the shopper's own completion takes: whoever comes second finds the session paid and
 * reads nothing. So a paid order costs one read, whether the callback or the shopper's return
 * comes first, or both at once. A callback claiming CONFIRMED for a session already paid is not
 * read again; any other claim, and the reconciliation job and re-check, read.
 */
export const confirmPlategaTransactionStep = createStep(
  "confirm-platega-transaction",
  async (input: { transaction_id: string; claimed_status?: string }, { container }) => {
    const checkout = await checkoutOf(container, input.transaction_id)
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

interface Checkout {
  payment_session_id: string
  cart_id: string | null
}

/** The checkout the store made this transaction for (its own record), if it made it. */
async function checkoutOf(container: MedusaContainer, id: string): Promise<Checkout | undefined> {
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
