// What a payment link's record means: its statuses, the flags that ask the merchant to look, the
// one place that says how a record reads to the admin and the storefront, and whether a Platega
// transaction is a record's. The admin reads this file too: its one import has no imports.
import { hasRow, type PgConnection } from "./pg-connection"

export const LINK_STATUSES = ["pending", "paid", "expired", "canceled", "failed"] as const
export type LinkStatus = (typeof LINK_STATUSES)[number]

/**
 * - `paid_after_superseded`: a link replaced by a newer one was paid anyway;
 * - `collection_already_paid`: the collection was paid by another link first: the money is
 *   recorded on a payment collection of its own, for the merchant to refund;
 * - `amount_changed`: the collection's outstanding amount changed after the link was made.
 */
export const LINK_FLAGS = [
  "paid_after_superseded",
  "collection_already_paid",
  "amount_changed",
] as const
export type LinkFlag = (typeof LINK_FLAGS)[number]

/** The stored fields a view is made of. */
export interface PaymentLinkRecord {
  id: string
  payment_collection_id: string
  order_id: string | null
  transaction_id: string
  url: string
  /** Where its payer returns (null: a link made before links remembered it). */
  return_url: string | null
  failed_url: string | null
  amount: unknown
  raw_amount?: unknown
  currency_code: string
  status: LinkStatus
  platega_status: string | null
  expires_at: Date | string | null
  superseded_by: string | null
  paid_at: Date | string | null
  payment_id: string | null
  captured_collection_id: string | null
  flag: LinkFlag | null
  flag_detail: string | null
  emailed_to: string | null
  emailed_at: Date | string | null
  created_at: Date | string
}

export interface PaymentLinkView {
  id: string
  payment_collection_id: string
  order_id: string | null
  transaction_id: string
  url: string
  /** Decimal string in major units, e.g. "500" or "1290.50". */
  amount: string
  currency_code: string
  status: LinkStatus
  platega_status: string | null
  expires_at: string | null
  superseded_by: string | null
  paid_at: string | null
  payment_id: string | null
  flag: LinkFlag | null
  flag_detail: string | null
  emailed_to: string | null
  emailed_at: string | null
  created_at: string
}

const iso = (d: Date | string | null | undefined): string | null =>
  d ? new Date(d).toISOString() : null

/** A BigNumber column as the decimal text it was stored with. */
export function decimalText(value: unknown, raw?: unknown): string {
  const v = (raw as { value?: unknown } | null | undefined)?.value
  if (typeof v === "string" || typeof v === "number") return String(v)
  return String(value)
}

/**
 * The status the record has now: a pending link past its expiry reads as expired even before
 * Platega's batch job cancels its transaction (that happens hours later).
 */
export function effectiveLinkStatus(
  link: Pick<PaymentLinkRecord, "status" | "expires_at">,
  now = Date.now(),
): LinkStatus {
  if (link.status === "pending" && link.expires_at && new Date(link.expires_at).getTime() <= now) {
    return "expired"
  }
  return link.status
}

export function paymentLinkView(link: PaymentLinkRecord, now = Date.now()): PaymentLinkView {
  return {
    id: link.id,
    payment_collection_id: link.payment_collection_id,
    order_id: link.order_id,
    transaction_id: link.transaction_id,
    url: link.url,
    amount: decimalText(link.amount, link.raw_amount),
    currency_code: link.currency_code,
    status: effectiveLinkStatus(link, now),
    platega_status: link.platega_status,
    expires_at: iso(link.expires_at),
    superseded_by: link.superseded_by,
    paid_at: iso(link.paid_at),
    payment_id: link.payment_id,
    flag: link.flag,
    flag_detail: link.flag_detail,
    emailed_to: link.emailed_to,
    emailed_at: iso(link.emailed_at),
    created_at: iso(link.created_at) as string,
  }
}

/** A link still worth paying: pending, not superseded, not past its expiry. */
export function isLiveLink(link: PaymentLinkRecord, now = Date.now()): boolean {
  return effectiveLinkStatus(link, now) === "pending" && !link.superseded_by
}

/** One Platega transaction of an order, as the order page lists it. */
export interface OrderPlategaTransaction {
  kind: "checkout" | "link"
  transaction_id: string
  status: string
  amount: string
  currency_code: string
  created_at: string | null
  link?: PaymentLinkView
}

export interface OrderLinks {
  order_id: string
  is_draft_order: boolean
  email: string | null
  /** What the order still needs, or null when nothing is owed. */
  outstanding: {
    payment_collection_id: string | null
    amount: string
    currency_code: string
  } | null
  links: PaymentLinkView[]
  transactions: OrderPlategaTransaction[]
}

/**
 * Whether the payment link record `paymentLinkId` was made with Platega's transaction
 * `transactionId`: a link's session is paid only by its own link's transaction.
 */
export function isPaymentLinkTransaction(
  pg: PgConnection | undefined,
  transactionId: string,
  paymentLinkId: string,
): Promise<boolean> {
  return hasRow(
    pg,
    `select 1 from platega_payment_link where id = ? and transaction_id = ? and deleted_at is null limit 1`,
    [paymentLinkId, transactionId],
  )
}
