import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { setVariantPlanWorkflow } from "../../../../../../workflows/subscriptions/set-variant-plan"
import { parsePlanBody, type VariantPlanResponse } from "./validators"

async function readPlan(req: AuthenticatedMedusaRequest): Promise<VariantPlanResponse> {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "product_variant",
    fields: ["id", "platega_plan.interval", "platega_plan.interval_count"],
    filters: { id: req.params.id },
  })
  if (!data[0]) {
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Product variant ${req.params.id} was not found`,
    )
  }
  const plan = data[0].platega_plan
  return {
    variant_id: data[0].id,
    plan: plan ? { interval: plan.interval, interval_count: plan.interval_count } : null,
  }
}

/** The variant's subscription plan, or `plan: null` when it is not sold by subscription. */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse): Promise<void> {
  res.json(await readPlan(req))
}

/** Sets the plan: `{ interval: "day"|"week"|"month"|"year", interval_count }` within Platega's bounds. */
export async function POST(req: AuthenticatedMedusaRequest, res: MedusaResponse): Promise<void> {
  const plan = parsePlanBody(req.body)
  await setVariantPlanWorkflow(req.scope).run({ input: { variant_id: req.params.id, plan } })
  res.json(await readPlan(req))
}

/** Removes the plan: the variant is sold once again only as a one-off purchase. */
export async function DELETE(req: AuthenticatedMedusaRequest, res: MedusaResponse): Promise<void> {
  await setVariantPlanWorkflow(req.scope).run({ input: { variant_id: req.params.id, plan: null } })
  res.json(await readPlan(req))
}
