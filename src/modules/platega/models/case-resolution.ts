import { model } from "@medusajs/framework/utils"

/**
 * How a person settled a flagged callback (a payment that could not become an order by itself):
 * refunded at Platega, or marked resolved with a note. One per flagged callback, kept for good:
 * the case stays in the history with who, when and why.
 */
export const PlategaCaseResolution = model
  .define("platega_case_resolution", {
    id: model.id({ prefix: "plres" }).primaryKey(),
    /** The flagged platega_callback_event this settles (one resolution per case). */
    callback_event_id: model.text().unique(),
    transaction_id: model.text().searchable(),
    /** `refunded`: the money went back through Platega; `resolved`: settled by hand. */
    action: model.enum(["refunded", "resolved"]),
    note: model.text().nullable(),
    /** The admin user who did it. */
    actor_id: model.text().nullable(),
    /** Platega's answer to the refund (accepted, message, status after), for the record. */
    refund: model.json().nullable(),
  })
  .indexes([{ on: ["transaction_id"] }])
