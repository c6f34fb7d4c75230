/** What a Platega transaction is to this store (classify.ts decides it; the admin shows it). */
export const TRANSACTION_KINDS = [
  "checkout",
  "link",
  "subscription_checkout",
  "subscription_charge",
  "unknown",
] as const
export type TransactionKind = (typeof TRANSACTION_KINDS)[number]
