import { model } from "@medusajs/framework/utils"
import { CALLBACK_KINDS } from "../callback-outcome"

/**
 * Every callback Platega delivered, once: the idempotency record (unique `event_key`) and the
 * merchant's audit trail of what the plugin did with it.
 */
export const PlategaCallbackEvent = model
  .define("platega_callback_event", {
    id: model.id({ prefix: "plcb" }).primaryKey(),
    /** kind:platega-id:status — the same delivery twice is the same key. */
    event_key: model.text().unique(),
    kind: model.enum([...CALLBACK_KINDS]),
    /** Transaction id (or subscription id for status callbacks). */
    platega_id: model.text().searchable(),
    status: model.text(),
    /** The body as received, for audit (it carries no secrets: those travel in headers). */
    body: model.json(),
    deliveries: model.number().default(1),
    /** What the plugin did: one of CALLBACK_OUTCOMES (callback-outcome.ts). */
    outcome: model.text().default("pending"),
    detail: model.text().nullable(),
    attempts: model.number().default(0),
    processed_at: model.dateTime().nullable(),
    /**
     * What Platega answered the store's own read (GET /transaction/{id}) when this was processed,
     * and when: the status the admin is shown. `status` is only what the callback claimed.
     */
    read_status: model.text().nullable(),
    read_at: model.dateTime().nullable(),
    /** What kind of case a flagged record is (flagged-cases.ts), decided where it was flagged. */
    case_kind: model.text().nullable(),
    /** False for a finding of the store's own read (re-check, the job) that no callback carried. */
    delivered: model.boolean().default(true),
    session_id: model.text().nullable(),
    order_id: model.text().nullable(),
    /**
     * Whether it came with the merchant's X-MerchantId/X-Secret. Without them (Platega may send a
     * subscription charge so) the body is only a hint: every fact is taken from Platega's reads.
     */
    authenticated: model.boolean().default(true),
  })
  .indexes([{ on: ["outcome", "created_at"] }, { on: ["platega_id"] }])
