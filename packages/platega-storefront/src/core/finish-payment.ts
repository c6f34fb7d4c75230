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
 *   callback is completing the cart right now): wait on the cart;
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
const PAID_STATUSES = new Set(["authorized", "captured"])
const FAILED_PLATEGA = new Set(["CANCELED", "CHARGEBACKED"])

/** The cart's Platega session, the latest when there are several. */
export function plategaSessionOf(cart: PlategaCart | undefined): PlategaPaymentSession | undefined {
  return (cart?.payment_collection?.payment_sessions ?? [])
    .filter((s) => isPlatega(s.provider_id))
    .at(-1)
}

/**
 * One attempt to turn the cart into an order. While the payment is pending the store refuses it
 * before any order exists (400 `payment_pending`, nothing spent) and asks Platega at most once
 * per 15 s; when that does not give an order, the cart's session says why.
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
    // 409: Platega's callback is completing this cart at this very moment. Not confirmed yet (400
    // `payment_pending`) is read from the cart below.
    if (httpStatusOf(e) === 409) return { status: "pending", message: messageOf(e) }
    message = messageOf(e)
  }
  const state = await readPlategaCart(input)
  return state.status === "paid"
    ? { status: "pending", message: state.message }
    : { ...state, message }
}

/** What the cart says of its payment without asking Platega: `paid` means "complete it now". */
type CartState =
  { status: "paid"; message: string } | Exclude<PlategaPaymentOutcome, { status: "paid" }>

/** The cart's payment as the store last knew it (one GET of the cart; nothing asked of Platega). */
async function readPlategaCart(input: CartCall): Promise<CartState> {
  const { sdk, headers, cartId } = input
  const { cart } = await sdk.client.fetch<{ cart: PlategaCart }>(`/store/carts/${cartId}`, {
    query: { fields: CART_FIELDS },
    headers,
  })
  if (cart.completed_at) return { status: "paid", message: "the cart is an order" }
  const session = plategaSessionOf(cart)
  const data = session?.data ?? {}
  const plategaStatus =
    typeof data.platega_status === "string" ? (data.platega_status as string) : undefined
  if (session && !data.transaction_id && !data.subscription_id) {
    return { status: "not_started", message: "no payment was started" }
  }
  if (session && PAID_STATUSES.has(session.status)) {
    return { status: "paid", message: "the payment went through" }
  }
  if (!session || FAILED_STATUSES.has(session.status) || FAILED_PLATEGA.has(plategaStatus ?? "")) {
    return { status: "failed", message: "the payment did not go through", plategaStatus }
  }
  return { status: "pending", message: "the payment is not confirmed yet", plategaStatus }
}

export interface WaitOptions {
  /** Between looks at the cart (no call to Platega; default 2 s, 3 s for the watch). */
  intervalMs?: number
  /**
   * How often a pending payment is completed anyway, so a payment whose callback never reached
   * the store still becomes an order (default 20 s; the store reads Platega at most once per 15 s).
   */
  askEveryMs?: number
  signal?: AbortSignal
}

/**
 * Waits on the cart, not on completions: looks at the cart every `intervalMs` and completes it
 * when it says paid (Platega's callback settled it) or every `askEveryMs`, until an outcome that
 * is not `pending`, `until` (then the last `pending`), or the signal aborts.
 */
async function waitOnCart(
  input: CartCall & WaitOptions & { until: number; first: PlategaPaymentOutcome },
  onAttempt?: (outcome: PlategaPaymentOutcome) => void,
): Promise<PlategaPaymentOutcome> {
  const { intervalMs = 2_000, askEveryMs = 20_000, signal, until } = input
  let outcome = input.first
  let askedAt = Date.now()
  while (outcome.status === "pending" && Date.now() + intervalMs <= until && !signal?.aborted) {
    await pause(intervalMs, signal)
    if (signal?.aborted) break
    const state = await readPlategaCart(input)
    if (state.status === "paid" || Date.now() - askedAt >= askEveryMs) {
      askedAt = Date.now()
      outcome = await completePlategaCart(input)
    } else {
      outcome = state
    }
    onAttempt?.(outcome)
  }
  return outcome
}

export interface FinishPlategaPaymentInput extends CartCall, WaitOptions {
  /** How long to wait out a pending payment before answering `pending` (default 30 s). */
  timeoutMs?: number
  /** Each check's outcome, e.g. to show "still waiting". */
  onAttempt?: (outcome: PlategaPaymentOutcome) => void
}

/**
 * The return page: completes the cart once (the payer is back: usually paid), then waits on the
 * cart until it is an order, it failed, or `timeoutMs` passed (then `pending`: "not confirmed
 * yet", call again to check).
 */
export async function finishPlategaPayment(
  input: FinishPlategaPaymentInput,
): Promise<PlategaPaymentOutcome> {
  const { timeoutMs = 30_000, onAttempt } = input
  const until = Date.now() + timeoutMs
  const first = await completePlategaCart(input)
  onAttempt?.(first)
  return waitOnCart({ ...input, until, first }, onAttempt)
}

export interface WatchPlategaPaymentInput extends CartCall, Omit<WaitOptions, "signal"> {
  /** Every check's outcome; the watch stops by itself once it is not `pending`. */
  onChange: (outcome: PlategaPaymentOutcome) => void
  onError?: (error: unknown) => void
}

/**
 * Watches a started payment (e.g. an SBP QR paid from a phone) until it is paid, failed or the
 * returned `stop` is called: it looks at the cart every 3 s, and completes it when the cart says
 * paid, or every 20 s so a payment whose callback never reaches the store still becomes an order.
 */
export function watchPlategaPayment(input: WatchPlategaPaymentInput): () => void {
  const controller = new AbortController()
  const { intervalMs = 3_000, onChange, onError } = input
  const pending: PlategaPaymentOutcome = { status: "pending", message: "waiting for the payment" }
  void (async () => {
    while (!controller.signal.aborted) {
      try {
        const outcome = await waitOnCart(
          { ...input, intervalMs, signal: controller.signal, until: Infinity, first: pending },
          (o) => {
            if (!controller.signal.aborted) onChange(o)
          },
        )
        if (outcome.status !== "pending") return
      } catch (e) {
        onError?.(e)
        await pause(intervalMs, controller.signal)
      }
    }
  })()
  return () => controller.abort()
}
