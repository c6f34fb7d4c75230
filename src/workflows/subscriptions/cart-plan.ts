import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { describePlan, planSchema, samePlan, type Plan } from "../../modules/platega"

type Query = Pick<MedusaContainer, "resolve">

function refuse(message: string): never {
  throw new MedusaError(MedusaError.Types.INVALID_DATA, `Platega subscription: ${message}`)
}

/** A cart's one subscription plan, or why it cannot be paid by subscription. */
export type CartPlan = { plan: Plan } | { refusal: string }

/**
 * The one plan a cart paid by subscription holds; or the reason it has none: the cart is empty,
 * an item is not sold by subscription, or items have different plans (Platega charges one amount
 * on one schedule). Undefined when there is no such cart.
 */
export async function readCartPlan(
  container: Query,
  cartId: string,
): Promise<CartPlan | undefined> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: carts } = await query.graph({
    entity: "cart",
    fields: ["id", "items.id", "items.title", "items.variant_id"],
    filters: { id: cartId },
  })
  if (!carts[0]) return undefined
  type Item = { id: string; title: string; variant_id?: string | null }
  const items = ((carts[0].items ?? []) as (Item | null)[]).filter((i): i is Item => !!i)
  if (!items.length) return { refusal: "the cart is empty" }
  const untied = items.find((i) => !i.variant_id)
  if (untied) {
    return {
      refusal: `"${untied.title}" is not a product variant and cannot be sold by subscription`,
    }
  }
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
    if (!itemPlan) {
      return {
        refusal: `"${item.title}" is not sold by subscription (its variant has no plan); pay for this cart with another method`,
      }
    }
    if (plan && !samePlan(plan, itemPlan)) {
      return {
        refusal: `the cart mixes plans (${describePlan(plan)} and ${describePlan(itemPlan)}); one subscription charges on one schedule, so buy them separately`,
      }
    }
    plan = itemPlan
  }
  return { plan: plan as Plan }
}

/** The one plan a cart paid by subscription holds; refused with the reason (see readCartPlan). */
export async function cartSubscriptionPlan(container: Query, cartId: string): Promise<Plan> {
  const read = await readCartPlan(container, cartId)
  if (!read) refuse("there is no such cart")
  if ("refusal" in read) refuse(read.refusal)
  return read.plan
}
