// The admin API's view of Platega transactions: plain types, shared with the admin's pages.
import type { TransactionKind } from "../../../../workflows/transactions/kinds"
import type { CaseKind } from "../../../../modules/platega/flagged-cases"

/**
 * What one place of the store knows about one Platega transaction. The listing merges the entries
 * of every source by transaction id: a checkout payment is known by its session and its callbacks,
 * a subscription charge by its charge record and its callbacks.
 */
export interface TransactionEntry {
  /** The transaction id, lower case. */
  id: string
  source: "checkout" | "subscription" | "link" | "callback"
  /** What the transaction is to the store (workflows/transactions/classify.ts). */
  kind?: TransactionKind
  created_at: Date
  /** Decimal string, major units. */
  amount?: string
  currency_code?: string
  /** sbp, card, subscription, or Platega's own name of another method, lower case. */
  method?: string
  /**
   * What Platega last answered the store's own read (GET /transaction/{id}), and when. What a
   * callback claimed is only among its callbacks.
   */
  platega_status?: string
  platega_status_at?: Date
  session_id?: string
  payment_collection_id?: string
  cart_id?: string
  order_id?: string
  subscription_id?: string
}

export interface AdminCallback {
  id: string
  kind: string
  /** What the callback claimed. */
  status: string
  /** What Platega answered the store's read when the callback was processed. */
  read_status: string | null
  /** False for what the store's own read found (re-check, the job): no callback carried it. */
  delivered: boolean
  outcome: string
  detail: string | null
  deliveries: number
  created_at: string
  processed_at: string | null
}

export interface AdminCase {
  id: string
  kind: CaseKind
  status: string
  detail: string | null
  refundable: boolean
  created_at: string
  resolution: {
    action: "refunded" | "resolved"
    note: string | null
    actor_id: string | null
    actor_email: string | null
    refund: Record<string, unknown> | null
    created_at: string
  } | null
}

export interface AdminTransaction extends Omit<
  TransactionEntry,
  "created_at" | "platega_status_at"
> {
  created_at: string
  platega_status_at: string | null
  order: { id: string; display_id: number } | null
  email: string | null
  callbacks: AdminCallback[]
  cases: AdminCase[]
  /** A flagged case nobody has settled yet. */
  needs_attention: boolean
}
