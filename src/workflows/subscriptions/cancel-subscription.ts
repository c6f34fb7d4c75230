import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { cancelSubscriptionStep, type CancelSubscriptionInput } from "./steps/cancel-subscription"

export const cancelPlategaSubscriptionWorkflowId = "cancel-platega-subscription"

/**
 * The admin or the shopper stops a subscription. Idempotent: once it is Cancelled (or Failed),
 * running it again answers the record as it is and sends nothing to Platega.
 */
export const cancelPlategaSubscriptionWorkflow = createWorkflow(
  cancelPlategaSubscriptionWorkflowId,
  (input: CancelSubscriptionInput) => new WorkflowResponse(cancelSubscriptionStep(input)),
)
