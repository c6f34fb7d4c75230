/** Events the plugin emits; other code may subscribe to them. */
export const PLATEGA_CALLBACK_RECEIVED = "platega.callback.received"
/** A paid order's money went back (refund or dispute) without a refund recorded in Medusa. */
export const PLATEGA_CHARGEBACK = "platega.transaction.chargebacked"
