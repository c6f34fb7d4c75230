import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import { PlategaCardService } from "./services/card"
import { PlategaInternationalCardService } from "./services/international-card"
import { PlategaMethodService } from "./services/method"
import { PlategaSberPayService } from "./services/sberpay"
import { PlategaSbpService } from "./services/sbp"
import { PlategaSubscriptionService } from "./services/subscription"

export {
  PlategaSbpService,
  PlategaCardService,
  PlategaSberPayService,
  PlategaInternationalCardService,
  PlategaMethodService,
  PlategaSubscriptionService,
}
export { plategaOptionsSchema, type PlategaOptionsInput } from "../../modules/platega"
/**
 * The providers' public face for the rest of the plugin:
 * - `core/decisions.ts`: the pure decisions of what a transaction means (the session status, the
 *   amount rule the authorization applies, the outcome: order, case, nothing), shared by the
 *   callback, the shopper's return, the reconciliation job and re-check;
 * - `refundAtPlatega`: the one way a paid transaction's money goes back (the order refund and the
 *   admin's refund of a flagged payment);
 * - `providerAccess`: how the providers reach Platega, the same `PlategaAccess` the `platega`
 *   module owns (settings from the admin, else these options; see access.ts).
 * Nothing outside this folder imports `core/`.
 */
export {
  decideOutcome,
  needsChargebackFlag,
  paymentMismatch,
  paysItsSession,
  sessionStatusFor,
  type ConfirmedTransaction,
  type ExpectedPayment,
  type PaymentOutcome,
  type SessionOrder,
} from "./core/decisions"
export { toPlategaAmount, toDecimalString, sameAmount } from "../../lib/platega/money"
export { toMedusaError } from "./core/errors"
export { orderWords, planWords, type OrderLine } from "./core/order-words"
export { BUILT_IN_METHODS } from "./method-titles"
export { refundAtPlatega, type PlategaRefund } from "./core/refund"
export { fillDescription, fillUrl } from "./core/description"
export { expiresAt } from "./core/session-data"
export { startsPayment } from "./core/payment-start"
export { providerAccess } from "./access"

/** `pp_<identifier>_<id>`: whether a provider id is the subscription provider (any registration id). */
export function isSubscriptionProvider(providerId: string | null | undefined): boolean {
  return !!providerId?.startsWith(`pp_${PlategaSubscriptionService.identifier}_`)
}

export default ModuleProvider(Modules.PAYMENT, {
  services: [
    PlategaSbpService,
    PlategaCardService,
    PlategaSberPayService,
    PlategaInternationalCardService,
    PlategaSubscriptionService,
  ],
})
