// Public types of transactions (re-exported by the package root).

export type TransactionStatus = "PENDING" | "CONFIRMED" | "CANCELED" | "CHARGEBACKED"

/** Refund ("cancel") progress of a confirmed transaction, as shown in `refundStatus`. */
export type RefundStatus = "MANUAL_CONTROL" | "COMPLETED" | "REJECTED"

/** Why a payment ended CANCELED (the payer's page says it in the payer's language). */
export type DeclineReason =
  "card_declined" | "insufficient_funds" | "payer" | "expired" | "control" | "charge_failed"

export interface SandboxTransaction {
  id: string
  status: TransactionStatus
  amount: number
  currency: string
  /** integer method code; null for a method-less link (v2) the payer has not chosen a method on */
  paymentMethod: number | null
  paymentMethodName: string | null
  createdAt: string
  expiresAt: string
  description: string
  payload: string | null
  returnUrl: string | null
  failedUrl: string | null
  orderId: string | null
  metadata: { userId?: string; userName?: string } | null
  commission: number
  refundStatus: RefundStatus | null
  refundStatusMessage: string | null
  /** why it was declined, once CANCELED */
  declineReason: DeclineReason | null
  subscriptionId: string | null
  /** created through /v2/transaction/process */
  link: boolean
  /** created by seedTransactions: history that never expires (seeding itself fires no callbacks) */
  seeded: boolean
}
