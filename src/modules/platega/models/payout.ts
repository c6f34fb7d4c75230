import { model } from "@medusajs/framework/utils"
import { PAYOUT_STATUSES } from "../payouts"

/**
 * One payout to a ruble card, written with its Idempotency-Key before Platega is called, so that a
 * repeated request, a retry or a crash can never lead to a second payout under another key.
 * A typed card number is never stored: only its mask and a keyed fingerprint.
 */
export const PlategaPayout = model
  .define("platega_payout", {
    id: model.id({ prefix: "plpo" }).primaryKey(),
    /** The Idempotency-Key sent to Platega; one payout per key, ever. */
    idempotency_key: model.text().unique(),
    status: model.enum([...PAYOUT_STATUSES]).default("pending"),
    /** Whole rubles. */
    amount: model.bigNumber(),
    currency_code: model.text().default("rub"),
    /** A card saved at Platega, or null for a typed number. */
    card_id: model.text().nullable(),
    /** First 6 and last 4 digits. */
    card_masked: model.text(),
    /** HMAC of a typed number under the payout key: recognises it on a re-check. */
    card_fingerprint: model.text().nullable(),
    actor_id: model.text().nullable(),
    actor_email: model.text().nullable(),
    withdrawal_record_id: model.text().nullable(),
    platega_status: model.text().nullable(),
    amount_usdt_debited: model.bigNumber().nullable(),
    error_code: model.text().nullable(),
    error_message: model.text().nullable(),
    error_trace_id: model.text().nullable(),
    /** Times the payout was sent: the first send and each re-check (each may retry inside). */
    attempts: model.number().default(0),
    checked_at: model.dateTime().nullable(),
  })
  .indexes([{ on: ["created_at"] }, { on: ["status"] }])
