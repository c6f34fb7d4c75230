import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { processPaymentWorkflow } from "@medusajs/medusa/core-flows"
import type { WebhookActionResult } from "@medusajs/framework/types"

/**
 * Medusa's payment webhook pipeline, second half. Run as its own top-level workflow, not with
 * runAsStep: as a sub-workflow its cart lock is skipped, and a shopper completing the same cart at
 * the same moment would then authorize the session twice.
 */
export const runPaymentPipelineStep = createStep(
  "run-platega-payment-pipeline",
  async (input: WebhookActionResult, { container }) => {
    await processPaymentWorkflow(container).run({ input })
    return new StepResponse(undefined)
  },
)
