import { z } from "zod"
import type { BigNumberInput } from "@medusajs/framework/types"
import { sameAmount } from "../../../lib/platega/money"

/**
 * What a Platega payment session keeps in Medusa (`payment_session.data`). The storefront reads
 * `redirect` (and `qr` for SBP); everything else is the plugin's own bookkeeping.
 */
const sessionDataSchema = z.looseObject({
  session_id: z.string().optional(),
  /**
   * The cart and the store's name, added by the plugin's store-route middleware (whatever the
   * storefront sent under these keys is replaced): they name the payment for the payer.
   */
  cart_id: z.string().optional(),
  store_name: z.string().optional(),
  /** What is bought, in words, for the description (added by the same middleware). */
  order_title: z.string().optional(),
  /** Platega's metadata.userId / userName for a shopper without a Medusa customer in context. */
  payer_id: z.string().optional(),
  payer_name: z.string().optional(),
  /** Storefront-supplied return addresses (override the provider options). */
  return_url: z.string().optional(),
  failed_url: z.string().optional(),
  /** Start the payment now with the settings' return address (see ./payment-start.ts). */
  pay: z.boolean().optional(),
  transaction_id: z.string().optional(),
  /** Last Platega status seen, raw: what Platega answered this store's own call. */
  platega_status: z.string().optional(),
  /** When that answer came (ISO). */
  platega_status_at: z.string().optional(),
  /**
   * When the store last read the transaction's status (ISO): a shopper waiting for a payment
   * makes it read at most once per interval (workflows/checkout/settle-checkout.ts).
   */
  platega_read_at: z.string().optional(),
  /** Why Platega's paid answer was not taken for this session (paid-check.ts). */
  platega_refused: z.string().optional(),
  redirect: z.string().optional(),
  /**
   * SBP: the storefront shows the QR itself (sent when the payment starts). Only then is the
   * QR's text read from Platega into `qr`: one more call, which Platega's payer page does not need.
   */
  show_qr: z.boolean().optional(),
  qr: z.string().optional(),
  expires_in: z.string().optional(),
  expires_at: z.string().optional(),
  /** Decimal string of what Platega was asked to charge, e.g. "2990.50". */
  amount: z.string().optional(),
  currency: z.string().optional(),
  payment_method: z.number().optional(),
  /** Subscriptions (method 6): Platega's subscription id. A subscription id is not a transaction. */
  subscription_id: z.string().optional(),
  /** The plan the checkout's cart holds, set by the server (see api/middlewares). */
  plan: z.unknown().optional(),
  /** A renewal's payment: the subscription whose charge `transaction_id` paid the order. */
  renewal_of: z.string().optional(),
  /**
   * A payment link's payment (made by the plugin's link workflow, never by a storefront: the
   * store route strips it): the link record whose confirmed `transaction_id` paid the collection.
   */
  link_of: z.string().optional(),
  /** The checkout's payment: the charge that paid it, once known (needed to refund it). */
  first_charge_id: z.string().optional(),
  /** chargeMetrics.chargesSuccess at the last read. */
  charges_success: z.number().optional(),
})

export type PlategaSessionData = z.infer<typeof sessionDataSchema>

export function readSessionData(data: Record<string, unknown> | undefined): PlategaSessionData {
  const parsed = sessionDataSchema.safeParse(data ?? {})
  return parsed.success ? parsed.data : {}
}

/** The session already asks for this amount in this currency (nothing to create again). */
export function sameTerms(
  data: PlategaSessionData,
  input: { amount: BigNumberInput; currency_code: string },
): boolean {
  const currency = input.currency_code.toUpperCase()
  return (
    data.currency === currency &&
    data.amount !== undefined &&
    sameAmount(data.amount, input.amount, currency)
  )
}

/** "00:30:00" → ISO time the payment stops being payable; undefined when unparsable. */
export function expiresAt(
  expiresIn: string | null | undefined,
  from = Date.now(),
): string | undefined {
  const m = /^(?:(\d+)\.)?(\d{1,2}):(\d{2}):(\d{2})/.exec(expiresIn ?? "")
  if (!m) return undefined
  const [, days, h, min, s] = m
  const ms = (((Number(days ?? 0) * 24 + Number(h)) * 60 + Number(min)) * 60 + Number(s)) * 1000
  return new Date(from + ms).toISOString()
}

/** The session data with Platega's answer to this store's call just now, and its time. */
export function withPlategaStatus<T extends object>(
  data: T,
  status: string,
): T & { platega_status: string; platega_status_at: string } {
  return { ...data, platega_status: status, platega_status_at: new Date().toISOString() }
}

/** The session data with Platega's answer to a status read just now (see platega_read_at). */
export function withPlategaRead<T extends object>(data: T, status: string) {
  const answered = withPlategaStatus(data, status)
  return { ...answered, platega_read_at: answered.platega_status_at }
}
