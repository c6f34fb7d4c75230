import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { describePlan, planSchema, samePlan, type Plan } from "../../modules/platega"

type Query = Pick<MedusaContainer, "resolve">

function refuse(message: string): never {
  throw new MedusaError(MedusaError.Types.INVALID_DATA, `Platega subscription: ${message}`)
}

/**
 * The one plan a cart paid by subscription holds. Refused, with the reason, when the cart is
 * empty, when an item is not sold by subscription, or when items have different plans: Platega
 * charges one amount on one schedule.
 */
export async function cartSubscriptionPlan(container: Query, cartId: string): Promise<Plan> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: carts } = await query.graph({
    entity: "cart",
    fields: ["id", "items.id", "items.title", "items.variant_id"],
    filters: { id: cartId },
  })
  type Item = { id: string; title: string; variant_id?: string | null }
  const items = ((carts[0]?.items ?? []) as (Item | null)[]).filter((i): i is Item => !!i)
  if (!items.length) refuse("the cart is empty")
  const untied = items.find((i) => !i.variant_id)
  if (untied)
    refuse(`"${untied.title}" is not a product variant and cannot be sold by subscription`)
  const variantIds = [...new Set(items.map((i) => i.variant_id as string))]
  const { data: variants } = await query.graph({
    entity: "product_variant",
    fields: ["id", "platega_plan.interval", "platega_plan.interval_count"],
    filters: { id: variantIds },
  })
  const planOf = new Map<string, Plan | undefined>(
    variants.map((v) => {
      const parsed = planSchema.safeParse(
        v.platega_plan
          ? { interval: v.platega_plan.interval, interval_count: v.platega_plan.interval_count }
          : undefined,
      )
      return [v.id, parsed.success ? parsed.data : undefined]
    }),
  )
  let plan: Plan | undefined
  for (const item of items) {
    const itemPlan = planOf.get(item.variant_id as string)
    if (!itemPlan) refuse(`"${item.title}" is not sold by subscription (its variant has no plan)`)
    if (plan && !samePlan(plan, itemPlan)) {
      refuse(
        `the cart mixes plans (${describePlan(plan)} and ${describePlan(itemPlan)}); one subscription charges on one schedule, so buy them separately`,
      )
    }
    plan = itemPlan
  }
  return plan as Plan
}
