import { model } from "@medusajs/framework/utils"
import { PLAN_INTERVALS } from "../subscription-plan"
import { PlategaSubscriptionCharge } from "./subscription-charge"

/**
 * A Platega subscription sold by this store. Platega runs the schedule and charges the payer;
 * this record keeps its status in step and what every renewal order ships (`snapshot`).
 * Linked to its customer and to every order it paid for (src/links/).
 */
export const PlategaSubscription = model
  .define("platega_subscription", {
    id: model.id({ prefix: "plsub" }).primaryKey(),
    /** Platega's subscription id (the `transactionId` of the method 6 create call). */
    platega_id: model.text().unique(),
    /** PendingAgreement, Active, PastDue, Cancelled, Failed; anything else as Platega sent it. */
    status: model.text(),
    interval: model.enum([...PLAN_INTERVALS]),
    interval_count: model.number(),
    amount: model.bigNumber(),
    currency_code: model.text(),
    started_at: model.dateTime().nullable(),
    next_charge_at: model.dateTime().nullable(),
    last_charge_at: model.dateTime().nullable(),
    customer_email: model.text().nullable(),
    customer_id: model.text().nullable(),
    cart_id: model.text(),
    /** The checkout's payment session; its id is in the description Platega keeps. */
    payment_session_id: model.text(),
    /** The order the checkout made (it is paid by the first charge). */
    first_order_id: model.text().nullable(),
    /** What every renewal order is built from: items, addresses, shipping, region, channel, customer. */
    snapshot: model.json(),
    /** Successful charges Platega counted at the last read (chargeMetrics.chargesSuccess). */
    platega_charges_success: model.number().nullable(),
    /** What the sync could not settle, for the merchant; null when all is in order. */
    attention: model.text().nullable(),
    synced_at: model.dateTime().nullable(),
    cancelled_at: model.dateTime().nullable(),
    /** Who stopped it: `admin`, `customer` (through this store), or `platega` (payer or Platega). */
    cancelled_by: model.text().nullable(),
    /** Platega's answer to POST /subscription/{id}/cancel, as the store sent it. */
    cancel_response: model.json().nullable(),
    charges: model.hasMany(() => PlategaSubscriptionCharge, { mappedBy: "subscription" }),
  })
  .indexes([{ on: ["status"] }, { on: ["customer_id"] }, { on: ["payment_session_id"] }])
