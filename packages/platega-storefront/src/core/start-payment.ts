import type { PlategaCart, PlategaPaymentSession, SdkCall } from "./medusa.js"
import { plategaMethodOf, type PlategaMethod } from "./providers.js"

export interface StartPlategaPaymentInput extends SdkCall {
  /** The cart (its `payment_collection.id` is reused when present) or its id. */
  cart: Pick<PlategaCart, "id" | "payment_collection"> | string
  /** A Platega provider id, e.g. `pp_platega-sbp_platega` (see plategaProviderId). */
  providerId: string
  /**
   * Where the payer comes back, absolute or relative to the current page (in a browser). The kit
   * adds `cart_id`; the return page (finishPlategaPayment) reads it.
   */
  returnUrl: string
  /** Where the payer comes back after a failed payment; default: `returnUrl` with `platega=failed`. */
  failedUrl?: string
  /**
   * SBP: the store shows the QR itself (PlategaSbpQr), so the server reads the QR's text from
   * Platega (one more call). Leave it off when the payer goes to Platega's page, which shows its own.
   */
  qr?: boolean
}

/** A started payment: where to send the payer, and for SBP the QR text. */
export interface StartedPlategaPayment {
  method: PlategaMethod
  providerId: string
  sessionId: string
  cartId: string
  /** Platega's payer page. */
  redirect: string
  /** SBP: the QR's text, an NSPK link that also opens the bank app on a phone. */
  qr?: string
  /** Platega's transaction id (a subscription's id for method 6). */
  plategaId?: string
  /** When the payment stops being payable (ISO time), when Platega says. */
  expiresAt?: string
  /** Decimal string in major units, e.g. "2990.50", and the currency code. */
  amount?: string
  currency?: string
  /** The return address the kit sent (with `cart_id`). */
  returnUrl: string
}

type CollectionResponse = {
  payment_collection: { id: string; payment_sessions?: PlategaPaymentSession[] | null }
}

/** `url` with `params` added, resolved against the current page when it is relative. */
export function withParams(url: string, params: Record<string, string>): string {
  const base = typeof window !== "undefined" ? window.location.href : undefined
  let parsed: URL
  try {
    parsed = new URL(url, base)
  } catch {
    throw new Error(`Platega: "${url}" is not an address the payer can come back to`)
  }
  for (const [k, v] of Object.entries(params)) parsed.searchParams.set(k, v)
  return parsed.toString()
}

/**
 * The shopper pays: creates the cart's Platega payment session with the return addresses, which
 * is what makes the one Platega transaction of this attempt (a session created without them, when
 * the shopper only picked the method, made none). Answers where to send the payer.
 */
export async function startPlategaPayment(
  input: StartPlategaPaymentInput,
): Promise<StartedPlategaPayment> {
  const { sdk, headers, providerId } = input
  const method = plategaMethodOf(providerId)
  if (!method) throw new Error(`Platega: "${providerId}" is not a Platega payment provider`)
  const cartId = typeof input.cart === "string" ? input.cart : input.cart.id
  const returnUrl = withParams(input.returnUrl, { cart_id: cartId })
  const failedUrl = input.failedUrl
    ? withParams(input.failedUrl, { cart_id: cartId })
    : withParams(input.returnUrl, { cart_id: cartId, platega: "failed" })
  let collectionId = typeof input.cart === "string" ? undefined : input.cart.payment_collection?.id
  collectionId ??= (
    await sdk.client.fetch<CollectionResponse>("/store/payment-collections", {
      method: "POST",
      body: { cart_id: cartId },
      headers,
    })
  ).payment_collection.id
  const { payment_collection } = await sdk.client.fetch<CollectionResponse>(
    `/store/payment-collections/${collectionId}/payment-sessions`,
    {
      method: "POST",
      body: {
        provider_id: providerId,
        data: {
          return_url: returnUrl,
          failed_url: failedUrl,
          ...(input.qr && method === "sbp" ? { show_qr: true } : {}),
        },
      },
      headers,
    },
  )
  const session = payment_collection.payment_sessions?.find((s) => s.provider_id === providerId)
  const data = session?.data ?? {}
  const text = (key: string) => (typeof data[key] === "string" ? (data[key] as string) : undefined)
  const redirect = text("redirect")
  if (!session || !redirect) {
    throw new Error("Platega returned no payer page (payment_session.data.redirect)")
  }
  return {
    method,
    providerId,
    sessionId: session.id,
    cartId,
    redirect,
    qr: text("qr"),
    plategaId: text("transaction_id") ?? text("subscription_id"),
    expiresAt: text("expires_at"),
    amount: text("amount"),
    currency: text("currency"),
    returnUrl,
  }
}

/** Sends the browser to Platega's payer page (replaces nothing: Back returns to the store). */
export function goToPayerPage(payment: Pick<StartedPlategaPayment, "redirect"> | string): void {
  window.location.assign(typeof payment === "string" ? payment : payment.redirect)
}

/** startPlategaPayment, then goToPayerPage: the whole "Pay" of a redirecting checkout. */
export async function payWithPlatega(
  input: StartPlategaPaymentInput,
): Promise<StartedPlategaPayment> {
  const payment = await startPlategaPayment(input)
  goToPayerPage(payment)
  return payment
}
