import { model } from "@medusajs/framework/utils"
import { LINK_FLAGS, LINK_STATUSES } from "../payment-links"

/**
 * One Platega payment link (POST /v2/transaction/process, the payer picks the method) for the
 * money an order's payment collection still needs. Its unique `transaction_id` is what makes a
 * confirmed link one captured payment at most, whatever is delivered twice.
 */
export const PlategaPaymentLink = model
  .define("platega_payment_link", {
    id: model.id({ prefix: "plink" }).primaryKey(),
    payment_collection_id: model.text(),
    /** The order (or draft order) the collection belongs to. */
    order_id: model.text().nullable(),
    /** Platega's transaction id of the link. */
    transaction_id: model.text().unique(),
    url: model.text(),
    /** Where the payer returns after paying and after a failure: the link is reused only for these. */
    return_url: model.text().nullable(),
    failed_url: model.text().nullable(),
    /** What the payer is asked for, in major units. */
    amount: model.bigNumber(),
    currency_code: model.text(),
    status: model.enum([...LINK_STATUSES]).default("pending"),
    /** Last status GET /transaction/{id} answered, raw. */
    platega_status: model.text().nullable(),
    /** When Platega gave that answer. */
    platega_read_at: model.dateTime().nullable(),
    expires_at: model.dateTime().nullable(),
    /** The newer link that replaced this one for the same collection. */
    superseded_by: model.text().nullable(),
    paid_at: model.dateTime().nullable(),
    /** The Medusa payment the confirmed transaction was captured as. */
    payment_id: model.text().nullable(),
    /** The collection that payment belongs to (another one when the link's was paid already). */
    captured_collection_id: model.text().nullable(),
    /** Something the merchant must look at (e.g. a superseded link paid anyway). */
    flag: model.enum([...LINK_FLAGS]).nullable(),
    flag_detail: model.text().nullable(),
    emailed_to: model.text().nullable(),
    emailed_at: model.dateTime().nullable(),
    created_by: model.text().nullable(),
  })
  .indexes([{ on: ["payment_collection_id"] }, { on: ["order_id"] }, { on: ["status"] }])
