import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { ConnectionTestRecord } from "../../modules/platega"
import { savePlategaConnectionTestStep } from "./steps/save-platega-connection-test"

/**
 * Records a connection test as the last one. The test itself (calls to Platega with the
 * credentials, possibly unsaved ones) runs before, outside the workflow: a workflow's input may
 * be kept in Medusa's execution store, and credentials must never be.
 */
export const savePlategaConnectionTestWorkflow = createWorkflow(
  "save-platega-connection-test",
  (input: ConnectionTestRecord) => new WorkflowResponse(savePlategaConnectionTestStep(input)),
)
