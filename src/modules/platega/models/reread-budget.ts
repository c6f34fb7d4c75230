import { model } from "@medusajs/framework/utils"

/**
 * How many reads of Platega callbacks without merchant headers have cost in the current window,
 * per key (one row for the whole store, one per Platega id). Kept in the database so that every
 * instance draws on the same budget.
 */
export const PlategaRereadBudget = model.define("platega_reread_budget", {
  id: model.id({ prefix: "plrb" }).primaryKey(),
  /** `all` for the store-wide budget, `id:<platega id>` for one id. */
  key: model.text().unique(),
  window_start: model.dateTime(),
  used: model.number().default(0),
})
