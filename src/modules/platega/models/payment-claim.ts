import { model } from "@medusajs/framework/utils"

/**
 * Which Medusa payment session a Platega transaction (or a subscription's checkout) pays. Its
 * unique key is what makes one payment at Platega pay one payment in Medusa, whatever a storefront
 * sends or in which order authorizations, callbacks and instances meet: the first session to have
 * the paid answer accepted holds it, every other one is refused.
 */
export const PlategaPaymentClaim = model.define("platega_payment_claim", {
  id: model.id({ prefix: "plclm" }).primaryKey(),
  /** `transaction:<id>` or `subscription:<id>`. */
  key: model.text().unique(),
  payment_session_id: model.text(),
  /** Set when a refund of it starts; a second refund of the same money is then refused. */
  refund_started_at: model.dateTime().nullable(),
})
