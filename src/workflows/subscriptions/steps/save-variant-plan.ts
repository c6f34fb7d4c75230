import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { PLATEGA_MODULE, type Plan, type PlategaModuleService } from "../../../modules/platega"

export interface SaveVariantPlanInput {
  variant_id: string
  /** null removes the plan: the variant is no longer sold by subscription. */
  plan: Plan | null
}

type Previous = { variant_id: string; plan_id?: string; plan?: Plan; created_id?: string }

/**
 * Sets, changes or removes a variant's plan (and its Medusa module link to the variant,
 * src/links/platega-plan-variant.ts), undone on failure.
 */
export const saveVariantPlanStep = createStep(
  "save-platega-variant-plan",
  async (input: SaveVariantPlanInput, { container }) => {
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const moduleLinks = container.resolve(ContainerRegistrationKeys.LINK)
    const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
    const { data: variants } = await query.graph({
      entity: "product_variant",
      fields: ["id", "platega_plan.id", "platega_plan.interval", "platega_plan.interval_count"],
      filters: { id: input.variant_id },
    })
    if (!variants[0]) {
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        `Product variant ${input.variant_id} was not found`,
      )
    }
    const existing = variants[0].platega_plan
    const previous: Previous = {
      variant_id: input.variant_id,
      ...(existing
        ? {
            plan_id: existing.id,
            plan: { interval: existing.interval, interval_count: existing.interval_count } as Plan,
          }
        : {}),
    }
    if (!input.plan) {
      if (existing) {
        await moduleLinks.dismiss({
          [Modules.PRODUCT]: { product_variant_id: input.variant_id },
          [PLATEGA_MODULE]: { platega_plan_id: existing.id },
        })
        await platega.softDeletePlategaPlans([existing.id])
      }
      return new StepResponse(null, previous)
    }
    if (existing) {
      const updated = await platega.updatePlategaPlans({ id: existing.id, ...input.plan })
      return new StepResponse(updated, previous)
    }
    const created = await platega.createPlategaPlans(input.plan)
    await moduleLinks.create({
      [Modules.PRODUCT]: { product_variant_id: input.variant_id },
      [PLATEGA_MODULE]: { platega_plan_id: created.id },
    })
    return new StepResponse(created, { ...previous, created_id: created.id })
  },
  async (previous, { container }) => {
    if (!previous) return
    const moduleLinks = container.resolve(ContainerRegistrationKeys.LINK)
    const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
    if (previous.created_id) {
      await moduleLinks.dismiss({
        [Modules.PRODUCT]: { product_variant_id: previous.variant_id },
        [PLATEGA_MODULE]: { platega_plan_id: previous.created_id },
      })
      await platega.deletePlategaPlans([previous.created_id])
      return
    }
    if (previous.plan_id && previous.plan) {
      await platega.restorePlategaPlans([previous.plan_id])
      await platega.updatePlategaPlans({ id: previous.plan_id, ...previous.plan })
      await moduleLinks.create({
        [Modules.PRODUCT]: { product_variant_id: previous.variant_id },
        [PLATEGA_MODULE]: { platega_plan_id: previous.plan_id },
      })
    }
  },
)
