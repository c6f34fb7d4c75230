import type { SdkCall } from "./medusa.js"
import { withParams } from "./start-payment.js"
import { pause } from "./wait.js"

/** A Platega payment link of a payment collection (amounts: decimal strings in major units). */
export interface PlategaPaymentLink {
  url: string
  status: "pending" | "paid" | "expired" | "canceled" | "failed"
  amount: string
  expires_at: string | null
  transaction_id: string
}

/** What `GET /store/platega/payment-collections/:id` answers: what is owed and the current link. */
export interface PlategaPaymentCollection {
  id: string
  status: string
  currency_code: string
  amount: string
  outstanding_amount: string
  link: PlategaPaymentLink | null
}

/** What `POST /store/platega/payment-collections/:id/pay` answers: where the payer goes. */
export interface PlategaPaymentLinkStart {
  url: string
  transaction_id: string
  status: string
  amount: string
  currency_code: string
  expires_at: string | null
}

export interface PaymentCollectionCall extends SdkCall {
  /** The payment collection's id (`pay_col_…`), as in Medusa's "Copy payment link". */
  id: string
}

/** What is owed on a payment collection (an order edit, a claim, a draft order…). */
export async function getPlategaPaymentCollection(
  input: PaymentCollectionCall,
): Promise<PlategaPaymentCollection> {
  const { payment_collection } = await input.sdk.client.fetch<{
    payment_collection: PlategaPaymentCollection
  }>(`/store/platega/payment-collections/${encodeURIComponent(input.id)}`, {
    headers: input.headers,
  })
  return payment_collection
}

/** True once nothing is owed. */
export function isSettled(collection: PlategaPaymentCollection): boolean {
  return (
    collection.link?.status === "paid" ||
    ["completed", "authorized"].includes(collection.status) ||
    Number(collection.outstanding_amount) <= 0
  )
}

export interface PayPaymentCollectionInput extends PaymentCollectionCall {
  /** Where the payer comes back (absolute, or relative to the current page); default: this page. */
  returnUrl?: string
  failedUrl?: string
}

/**
 * A Platega payment link for exactly what is still owed (the plugin reuses a live one): the payer
 * picks the method on Platega's page. Answers where to send the payer.
 */
export async function payPlategaPaymentCollection(
  input: PayPaymentCollectionInput,
): Promise<PlategaPaymentLinkStart> {
  const here = typeof window !== "undefined" ? window.location.href : undefined
  const back = input.returnUrl ?? here
  const body = {
    ...(back ? { return_url: withParams(back, { platega: "return" }) } : {}),
    ...(input.failedUrl || back
      ? { failed_url: withParams(input.failedUrl ?? (back as string), { platega: "failed" }) }
      : {}),
  }
  return input.sdk.client.fetch<PlategaPaymentLinkStart>(
    `/store/platega/payment-collections/${encodeURIComponent(input.id)}/pay`,
    { method: "POST", body, headers: input.headers },
  )
}

export interface WaitForPaymentCollectionInput extends PaymentCollectionCall {
  timeoutMs?: number
  intervalMs?: number
  signal?: AbortSignal
}

/** After the payer's return: re-reads the collection until it is settled or the time is up. */
export async function waitForPlategaPaymentCollection(
  input: WaitForPaymentCollectionInput,
): Promise<PlategaPaymentCollection> {
  const { timeoutMs = 30_000, intervalMs = 2_000, signal } = input
  const until = Date.now() + timeoutMs
  for (;;) {
    const collection = await getPlategaPaymentCollection(input)
    if (isSettled(collection) || Date.now() + intervalMs > until || signal?.aborted) {
      return collection
    }
    await pause(intervalMs, signal)
  }
}
