import {
  httpStatusOf,
  messageOf,
  type PlategaCart,
  type PlategaOrder,
  type PlategaPaymentSession,
  type SdkCall,
} from "./medusa.js"
import { isPlatega } from "./providers.js"
import { pause } from "./wait.js"

/**
 * Where a Platega payment stands, as the store sees it:
 * - `paid`: the cart is an order (made by this call or by Platega's callback);
 * - `pending`: Platega has not confirmed yet (the payer came back before the bank answered, or a
 *   callback is completing the cart right now): ask again;
 * - `failed`: Platega declined or cancelled it; the cart can be paid again;
 * - `not_started`: the cart's session only records the chosen method: nothing was paid.
 */
export type PlategaPaymentOutcome =
  | { status: "paid"; order: PlategaOrder }
  | { status: "pending"; message: string; plategaStatus?: string }
  | { status: "failed"; message: string; plategaStatus?: string }
  | { status: "not_started"; message: string }

export interface CartCall extends SdkCall {
  cartId: string
}

type Completion =
  | { type: "order"; order: PlategaOrder }
  | { type: "cart"; cart?: PlategaCart; error?: { message?: string } }

const CART_FIELDS = "id,+completed_at,*payment_collection,*payment_collection.payment_sessions"
const FAILED_STATUSES = new Set(["canceled", "error"])
const FAILED_PLATEGA = new Set(["CANCELED", "CHARGEBACKED"])

/** The cart's Platega session, the latest when there are several. */
export function plategaSessionOf(cart: PlategaCart | undefined): PlategaPaymentSession | undefined {
  return (cart?.payment_collection?.payment_sessions ?? [])
    .filter((s) => isPlatega(s.provider_id))
    .at(-1)
}

/**
 * One attempt to turn the cart into an order. Medusa asks Platega for the payment's status while
 * completing; when that does not give an order, the cart's session says why.
 */
export async function completePlategaCart(input: CartCall): Promise<PlategaPaymentOutcome> {
  const { sdk, headers, cartId } = input
  let message: string
  try {
    const result = await sdk.client.fetch<Completion>(`/store/carts/${cartId}/complete`, {
      method: "POST",
      headers,
    })
    if (result.type === "order") return { status: "paid", order: result.order }
    message = result.error?.message ?? "the payment is not confirmed"
  } catch (e) {
    // 409: Platega's callback is completing this cart at this very moment: it becomes an order.
    if (httpStatusOf(e) === 409) return { status: "pending", message: messageOf(e) }
    message = messageOf(e)
  }
  const { cart } = await sdk.client.fetch<{ cart: PlategaCart }>(`/store/carts/${cartId}`, {
    query: { fields: CART_FIELDS },
    headers,
  })
  if (cart.completed_at) return { status: "pending", message: "the cart is being completed" }
  const session = plategaSessionOf(cart)
  const data = session?.data ?? {}
  const plategaStatus =
    typeof data.platega_status === "string" ? (data.platega_status as string) : undefined
  if (session && !data.transaction_id && !data.subscription_id) {
    return { status: "not_started", message }
  }
  if (!session || FAILED_STATUSES.has(session.status) || FAILED_PLATEGA.has(plategaStatus ?? "")) {
    return { status: "failed", message, plategaStatus }
  }
  return { status: "pending", message, plategaStatus }
}

export interface FinishPlategaPaymentInput extends CartCall {
  /** How long to wait out a pending payment before answering `pending` (default 30 s). */
  timeoutMs?: number
  /** Between attempts (default 2 s). */
  intervalMs?: number
  signal?: AbortSignal
  /** Each attempt's outcome, e.g. to show "still waiting". */
  onAttempt?: (outcome: PlategaPaymentOutcome) => void
}

/**
 * The return page: completes the cart, waiting out a pending payment and a callback completing the
 * same cart, until it is an order, it failed, or `timeoutMs` passed (then `pending`: "not
 * confirmed yet", call again to check).
 */
export async function finishPlategaPayment(
  input: FinishPlategaPaymentInput,
): Promise<PlategaPaymentOutcome> {
  const { timeoutMs = 30_000, intervalMs = 2_000, signal, onAttempt } = input
  const until = Date.now() + timeoutMs
  for (;;) {
    const outcome = await completePlategaCart(input)
    onAttempt?.(outcome)
    if (outcome.status !== "pending" || Date.now() + intervalMs > until || signal?.aborted) {
      return outcome
    }
    await pause(intervalMs, signal)
  }
}

export interface WatchPlategaPaymentInput extends CartCall {
  /** Between checks (default 3 s). */
  intervalMs?: number
  /** Every check's outcome; the watch stops by itself once it is not `pending`. */
  onChange: (outcome: PlategaPaymentOutcome) => void
  onError?: (error: unknown) => void
}

/**
 * Watches a started payment (e.g. an SBP QR paid from a phone) until it is paid, failed or the
 * returned `stop` is called. Each check is a cart completion attempt, so a payment whose callback
 * never reaches the store still becomes an order.
 */
export function watchPlategaPayment(input: WatchPlategaPaymentInput): () => void {
  const controller = new AbortController()
  const { intervalMs = 3_000, onChange, onError } = input
  void (async () => {
    while (!controller.signal.aborted) {
      await pause(intervalMs, controller.signal)
      if (controller.signal.aborted) return
      try {
        const outcome = await completePlategaCart(input)
        if (controller.signal.aborted) return
        onChange(outcome)
        if (outcome.status !== "pending") return
      } catch (e) {
        onError?.(e)
      }
    }
  })()
  return () => controller.abort()
}
