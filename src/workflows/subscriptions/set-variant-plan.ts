import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { saveVariantPlanStep, type SaveVariantPlanInput } from "./steps/save-variant-plan"

export const setVariantPlanWorkflowId = "set-platega-variant-plan"

/** The admin sets (or removes) how often a product variant is charged when sold by subscription. */
export const setVariantPlanWorkflow = createWorkflow(
  setVariantPlanWorkflowId,
  (input: SaveVariantPlanInput) => new WorkflowResponse(saveVariantPlanStep(input)),
)
