import { PaymentActions, PaymentSessionStatus } from "@medusajs/framework/utils"
import type { BigNumberInput, WebhookActionResult } from "@medusajs/framework/types"
import { classifyTransactionStatus, type TransactionStatus } from "../../../lib/platega"
import { sameAmount, toPlategaAmount } from "./money"

/**
 * Platega status → Medusa payment session status. Platega captures at once, so CONFIRMED is
 * "captured". CHARGEBACKED (money returned) and unknown values are never treated as paid.
 */
export function sessionStatusFor(status: string): PaymentSessionStatus {
  switch (classifyTransactionStatus(status)) {
    case "confirmed":
      return PaymentSessionStatus.CAPTURED
    case "canceled":
    case "reversed":
      return PaymentSessionStatus.CANCELED
    case "pending":
    case "unknown":
    default:
      // Unknown values are new intermediate states the service added: wait, never fulfil.
      return PaymentSessionStatus.PENDING
  }
}

/**
 * Platega status → the action Medusa's payment webhook pipeline takes. Only CONFIRMED moves money
 * into an order; a reversal is handled by the plugin's callback flow (it flags the order), so the
 * pipeline is told "not supported" rather than something it would misread.
 */
export function webhookActionFor(status: string): PaymentActions {
  switch (classifyTransactionStatus(status)) {
    case "confirmed":
      return PaymentActions.SUCCESSFUL
    case "canceled":
      return PaymentActions.CANCELED
    case "pending":
      return PaymentActions.PENDING
    default:
      return PaymentActions.NOT_SUPPORTED
  }
}

/** What a payment session asked Platega to charge. */
export interface ExpectedPayment {
  amount: BigNumberInput
  currency_code: string
}

/** Why a CONFIRMED transaction is not what the session asked for; undefined when it is. */
export function paymentMismatch(
  expected: ExpectedPayment | undefined,
  tx: Pick<TransactionStatus, "paymentDetails">,
): string | undefined {
  if (!expected) return "the session has no amount to compare"
  const paidCurrency = tx.paymentDetails.currency.toUpperCase()
  const currency = expected.currency_code.toUpperCase()
  if (paidCurrency !== currency) return `currency ${paidCurrency} differs from ${currency}`
  if (!sameAmount(tx.paymentDetails.amount, expected.amount, currency)) {
    return `amount ${tx.paymentDetails.amount} differs from ${String(expected.amount)}`
  }
  return undefined
}

export type TransactionWebhookDecision = WebhookActionResult & { reason?: string }

/**
 * The one decision from Platega's own answer (GET /transaction/{id}) to Medusa's payment webhook
 * action, used by the provider's getWebhookActionAndData and by the plugin's callback workflow.
 * Only a CONFIRMED transaction for a Medusa payment session, for the amount and currency that
 * session asked, is SUCCESSFUL.
 */
export function decideTransactionWebhook(
  tx: TransactionStatus,
  session: ExpectedPayment | undefined,
): TransactionWebhookDecision {
  const sessionId = tx.payload ?? ""
  if (!sessionId.startsWith("payses_")) {
    return { action: PaymentActions.NOT_SUPPORTED, reason: "not a Medusa payment session" }
  }
  const action = webhookActionFor(tx.status)
  if (action === PaymentActions.SUCCESSFUL) {
    const mismatch = paymentMismatch(session, tx)
    if (mismatch) return { action: PaymentActions.NOT_SUPPORTED, reason: mismatch }
  }
  // Rounded to the minor unit: a 16-decimal amount must not exceed what the session authorized.
  const amount = toPlategaAmount(tx.paymentDetails.amount, tx.paymentDetails.currency)
  return { action, data: { session_id: sessionId, amount } }
}
