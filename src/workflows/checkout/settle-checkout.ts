import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import {
  classifyTransactionStatus,
  isPlategaError,
  paymentMethodCode,
  SUBSCRIPTION_METHOD_CODE,
} from "../../lib/platega"
import { PLATEGA_MODULE, withHandedReads, type PlategaModuleService } from "../../modules/platega"
import { paymentDecision, takesMoneyIn, type ConfirmedTransaction } from "../../providers/platega"

// THE meeting point of a checkout's payment. Platega's callback (callbacks/handle-platega-
// transaction.ts), the shopper's completion (hooks/complete-cart.ts) and the shopper's change of
// payment method (api/store/cart-payment-lock.ts) each take the cart's lock (`withCartLock`, the
// key Medusa's own cart workflows take) and settle the checkout's transaction here: one read of
// Platega, and the session authorized with that very read when it is paid. Whoever comes second
// finds the session paid and reads nothing.

type Session = NonNullable<ConfirmedTransaction["session"]>

/** A transaction as settled here: read (or found paid already) and, if paid, authorized. */
export type CheckoutRead = ConfirmedTransaction & {
  /** The cart whose session was found or made paid: its order is made next. */
  paid_cart_id?: string
}

/** The store's record of the checkout a transaction was made for (models/checkout-transaction.ts). */
export interface Checkout {
  payment_session_id: string
  cart_id: string | null
}

/** As long as Medusa's own cart completion waits for the cart's lock. */
const LOCK_TIMEOUT_SECONDS = 30

/**
 * A shopper waiting for a payment reads Platega at most once in this time: a completion that
 * comes sooner after the store's last read of a pending transaction (the session keeps when it
 * was: `platega_read_at`) is told "pending" without a read. Platega's callback is what normally ends the wait; this only recovers a lost one.
 */
export const WAITING_READ_INTERVAL_MS = 15_000

const SESSION_FIELDS = [
  "id",
  "provider_id",
  "status",
  "payment_collection_id",
  "amount",
  "currency_code",
  "data",
]

/** `work` while holding the cart's lock: the key completeCartWorkflow and the cart workflows take. */
export function withCartLock<T>(
  container: Pick<MedusaContainer, "resolve">,
  cartId: string,
  work: () => Promise<T>,
): Promise<T> {
  return container.resolve(Modules.LOCKING).execute(cartId, work, { timeout: LOCK_TIMEOUT_SECONDS })
}

/** The checkout the store made this transaction for (its own record), if it made it. */
export async function checkoutOf(
  container: Pick<MedusaContainer, "resolve">,
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

/**
 * Platega's callback for a checkout, under the cart's lock. A callback claiming CONFIRMED for a
 * session already paid by this transaction is not read again; any other claim, and the store's own
 * reads (reconciliation, re-check), read once and authorize the session when it is paid.
 */
export async function settleCheckout(
  container: Pick<MedusaContainer, "resolve">,
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

/** A cart's Platega session as completion sees it (completeCartWorkflow's cart). */
export interface WaitingSession {
  id: string
  status: string
  data?: Record<string, unknown> | null
}

const PAID = new Set(["authorized", "captured"])
const FAILED = new Set(["canceled", "error"])

/**
 * The shopper's completion of a cart paid through Platega, under the cart's lock and before any
 * order exists: the session is authorized here, with the one read of Platega its provider makes
 * (the order is then made, and its own authorization finds the session authorized and reads
 * nothing). A payment still pending is refused (400, `payment_pending`: no order made, so no
 * order number spent) and read at most once per WAITING_READ_INTERVAL_MS; a declined one is refused as Medusa
 * refuses a failed payment.
 */
export async function settleWaitingCheckout(
  container: Pick<MedusaContainer, "resolve">,
  session: WaitingSession,
): Promise<void> {
  if (PAID.has(session.status)) return
  if (readRecently(session.data ?? {})) throw pendingError(session.data ?? {})
  const payments = container.resolve(Modules.PAYMENT)
  try {
    await payments.authorizePaymentSession(session.id, {})
  } catch (e) {
    // Not paid: Medusa recorded the answer on the session (its status, and when it was read).
    const after = await payments.retrievePaymentSession(session.id, { select: ["status", "data"] })
    if (PAID.has(after.status)) return
    if (FAILED.has(after.status)) {
      throw new MedusaError(
        MedusaError.Types.PAYMENT_AUTHORIZATION_ERROR,
        `Platega did not take the payment (${String(after.data?.platega_status ?? after.status)}): choose the payment method again`,
      )
    }
    // "Not yet" only when Platega was read and said so; anything else (another amount, Platega
    // unreachable) reaches the shopper as it is.
    if (after.data?.platega_read_at !== session.data?.platega_read_at) {
      throw pendingError(after.data ?? {})
    }
    throw e
  }
}

function readRecently(data: Record<string, unknown>): boolean {
  const at = typeof data.platega_read_at === "string" ? Date.parse(data.platega_read_at) : NaN
  return Number.isFinite(at) && Date.now() - at < WAITING_READ_INTERVAL_MS
}

/** The code of the refusal a storefront reads as "not yet": it waits on the cart and asks again. */
const PAYMENT_PENDING = "payment_pending"

/**
 * 400 with code `payment_pending` (Medusa answers every 409 with a message of its own, which
 * would hide this one from the shopper).
 */
function pendingError(data: Record<string, unknown>): MedusaError {
  const what = data.subscription_id
    ? `subscription ${String(data.subscription_id)}`
    : `transaction ${String(data.transaction_id)}`
  return new MedusaError(
    MedusaError.Types.NOT_ALLOWED,
    `Platega has not confirmed the payment yet (${what} is ${String(data.platega_status ?? "PENDING")}): the order is made as soon as it is paid`,
    PAYMENT_PENDING,
  )
}

/** The session authorized with the read that found it paid: the provider reads nothing more. */
export async function authorizeWithRead(
  container: Pick<MedusaContainer, "resolve">,
  c: ConfirmedTransaction,
): Promise<void> {
  await withHandedReads({ transactions: [c.tx] }, () =>
    container.resolve(Modules.PAYMENT).authorizePaymentSession(c.session!.id, {}),
  )
}

/**
 * The session, when its payment is already captured (Platega captures at once) and it is this
 * transaction's: a session started again with another transaction was paid by that one, and
 * this one's money is read and becomes a case.
 */
async function paidSession(
  container: Pick<MedusaContainer, "resolve">,
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
export async function readAndMatch(
  container: Pick<MedusaContainer, "resolve">,
  id: string,
): Promise<ConfirmedTransaction> {
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
