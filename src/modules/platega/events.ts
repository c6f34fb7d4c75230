/** Events the plugin emits; other code may subscribe to them. */
export const PLATEGA_CALLBACK_RECEIVED = "platega.callback.received"
/** A paid order's money went back (refund or dispute) without a refund recorded in Medusa. */
export const PLATEGA_CHARGEBACK = "platega.transaction.chargebacked"
/**
 * A callback was flagged for a person (money that could not become an order by itself); data
 * `{ id }`, the callback log record. Sent once per record, when it first becomes flagged.
 */
export const PLATEGA_CASE_FLAGGED = "platega.case.flagged"
/** Settings changed in the admin; data `{ fields, actor_id }` (field names, never values). */
export const PLATEGA_SETTINGS_UPDATED = "platega.settings.updated"

/**
 * Subscription events, for a store's e-mails and integrations. Data: `{ id, platega_id, status }`
 * (`id` is the plugin's subscription record), plus `order_id` and `charge_id` for `renewed`.
 */
export const PLATEGA_SUBSCRIPTION_ACTIVATED = "platega.subscription.activated"
/** A renewal charge became an order. */
export const PLATEGA_SUBSCRIPTION_RENEWED = "platega.subscription.renewed"
/** A charge failed; Platega does not retry it. */
export const PLATEGA_SUBSCRIPTION_PAST_DUE = "platega.subscription.past_due"
export const PLATEGA_SUBSCRIPTION_CANCELLED = "platega.subscription.cancelled"
/** Not bound within Platega's 30 minutes, or declined by the payer. */
export const PLATEGA_SUBSCRIPTION_FAILED = "platega.subscription.failed"

/**
 * A payment link's transaction was captured as a Medusa payment. Data: `{ id, transaction_id,
 * order_id, payment_collection_id, payment_id, flag }`.
 */
export const PLATEGA_PAYMENT_LINK_PAID = "platega.payment_link.paid"
/** A paid link the merchant must look at (`flag`: see LINK_FLAGS); same data as `paid`. */
export const PLATEGA_PAYMENT_LINK_FLAGGED = "platega.payment_link.flagged"
