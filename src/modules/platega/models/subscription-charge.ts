import { model } from "@medusajs/framework/utils"
import { PlategaSubscription } from "./subscription"

/**
 * One charge Platega made on a subscription (a transaction with its own id). Its unique
 * `platega_id` is what makes each charge one order at most, whatever is delivered twice.
 */
export const PlategaSubscriptionCharge = model
  .define("platega_subscription_charge", {
    id: model.id({ prefix: "plchg" }).primaryKey(),
    /** The charge's transaction id (`Id` of the charge callback). */
    platega_id: model.text().unique(),
    subscription: model.belongsTo(() => PlategaSubscription, { mappedBy: "charges" }),
    /** CONFIRMED or CANCELED, as GET /transaction/{id} answered. */
    status: model.text(),
    amount: model.bigNumber(),
    currency_code: model.text(),
    /** `first`: paid for the checkout's order; `renewal`: has an order of its own. */
    kind: model.enum(["first", "renewal"]).nullable(),
    order_id: model.text().nullable(),
    charged_at: model.dateTime().nullable(),
    /** Set while one process builds the renewal order, so no other one builds it too. */
    claimed_until: model.dateTime().nullable(),
    /** Why its order could not be made (yet). */
    error: model.text().nullable(),
    /** How it came in: a callback, or the sync job that found it lost. */
    source: model.text().default("callback"),
  })
  .indexes([
    { on: ["order_id"] },
    // One first charge per subscription, even across instances that share no lock.
    {
      name: "IDX_platega_subscription_charge_one_first",
      on: ["subscription_id"],
      unique: true,
      where: "kind = 'first'",
    },
  ])
