import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { syncPlategaSubscriptionsStep, type SyncOptions } from "./steps/sync-subscriptions"

export type { SyncOptions, SyncReport } from "./steps/sync-subscriptions"
export const syncPlategaSubscriptionsWorkflowId = "sync-platega-subscriptions"

/** One recovery run over subscriptions (see the step): the scheduled job runs it. */
export const syncPlategaSubscriptionsWorkflow = createWorkflow(
  syncPlategaSubscriptionsWorkflowId,
  (input: Partial<SyncOptions>) => new WorkflowResponse(syncPlategaSubscriptionsStep(input)),
)
