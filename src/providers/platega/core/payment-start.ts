import { MedusaError, PaymentSessionStatus } from "@medusajs/framework/utils"
import type { InitiatePaymentOutput } from "@medusajs/framework/types"
import type { PlategaSessionData } from "./session-data"

/**
 * Storefronts create a payment session as soon as the shopper picks a method (Medusa's starters
 * do), and again when the shopper pays. Only the second is a payment attempt: a session makes its
 * Platega transaction (or subscription) only when it says where the payer comes back
 * (`data.return_url`) or asks for it outright (`data.pay: true`, the return address then comes from
 * the settings). Anything else just records the chosen method, so Platega sees one transaction per
 * attempt, not one per click.
 */
export function startsPayment(data: PlategaSessionData): boolean {
  return Boolean(data.return_url) || data.pay === true
}

/** The session of a chosen, not yet started payment: pending, with no Platega id. */
export function chosenMethodSession(
  data: PlategaSessionData,
  terms: { amount: string; currency: string; paymentMethod: number },
): InitiatePaymentOutput {
  const sessionData: PlategaSessionData = {
    ...data,
    amount: terms.amount,
    currency: terms.currency,
    payment_method: terms.paymentMethod,
  }
  return { id: data.session_id ?? "", status: PaymentSessionStatus.PENDING, data: sessionData }
}

/**
 * Completing a cart whose session was never started: nothing was paid, nothing failed. The cart
 * completion answers with this message (a payment authorization error, so the cart stays open).
 */
export function paymentNotStarted(what: "transaction" | "subscription"): MedusaError {
  return new MedusaError(
    MedusaError.Types.PAYMENT_AUTHORIZATION_ERROR,
    `Platega: the payment was not started: this payment session only records the chosen method and has no Platega ${what} yet. ` +
      "Start the payment first (create the payment session again with data.return_url, or data.pay: true) and send the payer to data.redirect; complete the cart when they come back",
  )
}
