/** Events the plugin emits; other code may subscribe to them. */
export const PLATEGA_CALLBACK_RECEIVED = "platega.callback.received"
/** A paid order's money went back (refund or dispute) without a refund recorded in Medusa. */
export const PLATEGA_CHARGEBACK = "platega.transaction.chargebacked"
/** Settings changed in the admin; data `{ fields, actor_id }` (field names, never values). */
export const PLATEGA_SETTINGS_UPDATED = "platega.settings.updated"
