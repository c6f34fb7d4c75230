import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import {
  DEFAULT_SYNC_OPTIONS,
  syncLiveSubscriptionsStep,
  syncUnpaidCheckoutsStep,
  type SyncOptions,
} from "./steps/sync-subscriptions"

export type { SyncOptions } from "./steps/sync-subscriptions"
export const syncPlategaSubscriptionsWorkflowId = "sync-platega-subscriptions"

export interface SyncReport {
  checkoutsChecked: number
  subscriptionsChecked: number
  chargesRecovered: number
  /** Subscriptions left with an `attention` note for the merchant. */
  flagged: number
  failures: number
}

/**
 * One recovery run over subscriptions, run by the scheduled job: unpaid subscription checkouts
 * are settled against Platega's read (their callbacks may be lost), then live subscriptions are
 * synced one by one (`syncPlategaSubscriptionWorkflow`), their lost charges recovered.
 */
export const syncPlategaSubscriptionsWorkflow = createWorkflow(
  syncPlategaSubscriptionsWorkflowId,
  (input: Partial<SyncOptions>) => {
    const options = transform({ input }, ({ input }) => ({ ...DEFAULT_SYNC_OPTIONS, ...input }))
    const checkouts = syncUnpaidCheckoutsStep(options)
    const live = syncLiveSubscriptionsStep(options)
    return new WorkflowResponse(
      transform({ checkouts, live }, ({ checkouts, live }): SyncReport => ({
        checkoutsChecked: checkouts.checkoutsChecked,
        subscriptionsChecked: live.subscriptionsChecked,
        chargesRecovered: live.chargesRecovered,
        flagged: live.flagged,
        failures: checkouts.failures + live.failures,
      })),
    )
  },
)
