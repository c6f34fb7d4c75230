import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import {
  classifyTransactionStatus,
  isPlategaError,
  paymentMethodCode,
  SUBSCRIPTION_METHOD_CODE,
} from "../../lib/platega"
import { PLATEGA_MODULE, withHandedReads, type PlategaModuleService } from "../../modules/platega"
import { paysItsSession, type ConfirmedTransaction } from "../../providers/platega"

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
  /** Made paid just now, so its cart's completion was run: the order it made, if it made one. */
  completed?: { order_id?: string }
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

const SESSION_FIELDS = ["id", "provider_id", "status", "payment_collection_id", "data"]

/** `work` while holding the cart's lock: the key completeCartWorkflow and the cart workflows take. */
export function withCartLock<T>(
  container: Pick<MedusaContainer, "resolve">,
  cartId: string,
  work: () => Promise<T>,
): Promise<T> {
  return container.resolve(Modules.LOCKING).execute(cartId, work, { timeout: LOCK_TIMEOUT_SECONDS })
}

/**
 * `work` while holding the cart's settlement: Platega's callback settles a paid cart and completes
 * it in one turn (the cart's own lock is taken twice inside it, by settleCheckout and then by
 * Medusa's cart completion). The shopper's completion holds the same turn until it is answered
 * (api/store/completed-cart.ts), so whichever of the two comes first completes the cart, once.
 */
export function withCartSettlement<T>(
  container: Pick<MedusaContainer, "resolve">,
  cartId: string,
  work: () => Promise<T>,
): Promise<T> {
  return container
    .resolve(Modules.LOCKING)
    .execute(`platega-settlement:${cartId}`, work, { timeout: LOCK_TIMEOUT_SECONDS })
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
 * Platega's callback for a checkout, under the cart's lock. The checkout's session is read once: a
 * callback claiming CONFIRMED for a session already paid by this transaction is not read from
 * Platega again; any other claim, and the store's own reads (reconciliation, re-check), read once
 * and authorize the session when it is paid.
 */
export async function settleCheckout(
  container: Pick<MedusaContainer, "resolve">,
  input: { transaction_id: string; claimed_status?: string },
  checkout: Checkout & { cart_id: string },
): Promise<CheckoutRead> {
  const own = await sessionOf(container, checkout.payment_session_id)
  if (
    own?.captured &&
    sameId(own.transaction_id, input.transaction_id) &&
    classifyTransactionStatus(input.claimed_status ?? "") === "confirmed"
  ) {
    return { session: own.session, already_paid: true, paid_cart_id: checkout.cart_id }
  }
  const confirmed: CheckoutRead = await readAndMatch(container, input.transaction_id, own)
  if (paysItsSession(confirmed) && confirmed.session?.id === checkout.payment_session_id) {
    await authorizeWithRead(container, confirmed)
    if (!confirmed.refused) confirmed.paid_cart_id = checkout.cart_id
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
      const refused = after.data?.platega_refused
      throw new MedusaError(
        MedusaError.Types.PAYMENT_AUTHORIZATION_ERROR,
        typeof refused === "string"
          ? `The payment was not accepted (${refused}): choose the payment method again`
          : `Platega did not take the payment (${String(after.data?.platega_status ?? after.status)}): choose the payment method again`,
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

/**
 * The session authorized with the read that found it paid: the provider reads nothing more, and
 * decides whether that money is what the session asked (paid-check.ts). When it is not, the
 * session is left in error with the reason (`platega_refused`), and `c.refused` says it.
 */
export async function authorizeWithRead(
  container: Pick<MedusaContainer, "resolve">,
  c: ConfirmedTransaction,
): Promise<void> {
  const payments = container.resolve(Modules.PAYMENT)
  try {
    await withHandedReads({ transactions: [c.tx] }, () =>
      payments.authorizePaymentSession(c.session!.id, {}),
    )
  } catch (e) {
    const after = await payments.retrievePaymentSession(c.session!.id, { select: ["data"] })
    const refused = after.data?.platega_refused
    if (typeof refused !== "string") throw e
    c.refused = refused
  }
}

/** A checkout's session as the store holds it: its fields, its transaction, whether it is paid. */
interface SessionRead {
  session: Session
  transaction_id?: string
  /** Its payment is captured (Platega captures at once: paid). */
  captured: boolean
}

const sameId = (a: string | undefined, b: string) => a?.toLowerCase() === b.toLowerCase()

/**
 * A payment session with its payment, in one read from the payment module (`query.graph` costs
 * about three times its CPU for the same row); undefined when it no longer exists.
 */
async function sessionOf(
  container: Pick<MedusaContainer, "resolve">,
  id: string,
): Promise<SessionRead | undefined> {
  const [row] = await container
    .resolve(Modules.PAYMENT)
    .listPaymentSessions(
      { id },
      { select: [...SESSION_FIELDS, "payment.captured_at"], relations: ["payment"], take: 1 },
    )
  return row ? sessionRead(row as unknown as Record<string, unknown>) : undefined
}

function sessionRead(row: Record<string, unknown>): SessionRead {
  const { data, payment, ...session } = row as Session & {
    data?: { transaction_id?: unknown } | null
    payment?: { captured_at?: unknown } | null
  }
  const current = data?.transaction_id
  return {
    session,
    transaction_id: typeof current === "string" ? current : undefined,
    captured: !!payment?.captured_at,
  }
}

/**
 * GET /transaction/{id}, and the Medusa payment session it was made for (its `payload`): `known`
 * when the caller read that session already, else read here.
 */
export async function readAndMatch(
  container: Pick<MedusaContainer, "resolve">,
  id: string,
  known?: SessionRead,
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
    const read = known?.session.id === tx.payload ? known : await sessionOf(container, tx.payload)
    if (read?.session.provider_id?.startsWith("pp_platega") && read.transaction_id === tx.id) {
      confirmed.session = read.session
    } else {
      confirmed.left_session_id = tx.payload
    }
  }
  return confirmed
}
