import { PaymentActions, PaymentSessionStatus } from "@medusajs/framework/utils"
import { classifyTransactionStatus } from "../../../lib/platega"

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
