import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { failInterruptedPlategaExportsStep } from "./steps/fail-interrupted-exports"

/** Marks exports a stopped store left unfinished as failed, with a "try again" in the admin. */
export const failInterruptedPlategaExportsWorkflow = createWorkflow(
  "fail-interrupted-platega-exports",
  (input: { now?: string }) => new WorkflowResponse(failInterruptedPlategaExportsStep(input)),
)
