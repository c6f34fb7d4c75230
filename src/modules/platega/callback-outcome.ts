// The words of the callback log, shared with the admin (which bundles this file): no server code.

/** The three kinds of Platega callback. */
export const CALLBACK_KINDS = ["transaction", "subscription_charge", "subscription_status"] as const
export type CallbackKind = (typeof CALLBACK_KINDS)[number]

/**
 * What the plugin did with a callback: the one list. `pending`, `failed` and `unconfirmed` are
 * open (a later delivery or the reconciliation job processes it again); the rest are final.
 * `unconfirmed`: Platega's own answer does not (yet) say what the callback claimed.
 */
export const CALLBACK_OUTCOMES = [
  "pending",
  "failed",
  "unconfirmed",
  "captured",
  "ignored",
  "flagged",
  "recorded",
  "refunded",
] as const
export type CallbackOutcome = (typeof CALLBACK_OUTCOMES)[number]

export const OPEN_OUTCOMES: readonly CallbackOutcome[] = ["pending", "failed", "unconfirmed"]
