import { model } from "@medusajs/framework/utils"
import { PLAN_INTERVALS } from "../subscription-plan"

/**
 * How often a product variant is charged when sold by subscription: every `interval_count`
 * `interval`s. Linked one-to-one to a product variant (src/links/platega-plan-variant.ts).
 */
export const PlategaPlan = model.define("platega_plan", {
  id: model.id({ prefix: "plplan" }).primaryKey(),
  interval: model.enum([...PLAN_INTERVALS]),
  interval_count: model.number(),
})
