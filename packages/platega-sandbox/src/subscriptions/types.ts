// Public types of subscriptions (re-exported by the package root).

export type SubscriptionStatus = "PendingAgreement" | "Active" | "PastDue" | "Cancelled" | "Failed"

export type IntervalUnit = "Day" | "Week" | "Month" | "Year"

export type ChargeOutcome = "success" | "fail"

export interface SandboxSubscription {
  id: string
  status: SubscriptionStatus
  /** the integer form used by GET /subscription (0..4) */
  statusCode: number
  amount: number
  currency: string
  intervalUnit: IntervalUnit
  intervalUnitCode: number
  intervalCount: number
  description: string
  payload: string | null
  createdAt: string
  bindDeadline: string
  startAt: string | null
  nextChargeAt: string | null
  lastChargeAt: string | null
  customerEmail: string | null
  chargesTotal: number
  chargesSuccess: number
  chargesFailed: number
  totalAmount: number
  chargeIds: string[]
  /** how many coming charges will fail (control: failNextCharges) */
  failNextCharges: number
  /** who cancelled it, once Cancelled */
  cancelledBy: "merchant" | "payer" | null
  /** the payer's cancel link, as in Platega's e-mail (GET shows a page, POST cancels) */
  payerCancelUrl: string
}
