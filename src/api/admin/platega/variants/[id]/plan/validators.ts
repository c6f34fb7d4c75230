import { MedusaError } from "@medusajs/framework/utils"
import { planSchema, type Plan } from "../../../../../../modules/platega"

export interface VariantPlanResponse {
  variant_id: string
  plan: Plan | null
}

/** The body of POST /admin/platega/variants/:id/plan, or a 400 that names each bad field. */
export function parsePlanBody(body: unknown): Plan {
  const parsed = planSchema.safeParse(body)
  if (parsed.success) return parsed.data
  const details = parsed.error.issues
    .map((i) => `${i.path.join(".") || "body"}: ${i.message}`)
    .join("; ")
  throw new MedusaError(MedusaError.Types.INVALID_DATA, `Invalid subscription plan: ${details}`)
}
