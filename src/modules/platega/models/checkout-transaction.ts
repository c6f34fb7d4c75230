import { model } from "@medusajs/framework/utils"

/**
 * Which checkout a Platega transaction was made for, written when the transaction is created. Medusa
 * deletes a payment session for good when the shopper starts again; this record still knows the
 * session and the cart, so a declined, abandoned or late-paid attempt stays under its cart.
 */
export const PlategaCheckoutTransaction = model
  .define("platega_checkout_transaction", {
    id: model.id({ prefix: "plctx" }).primaryKey(),
    transaction_id: model.text().unique(),
    payment_session_id: model.text(),
    cart_id: model.text().nullable(),
  })
  .indexes([{ on: ["payment_session_id"] }])
