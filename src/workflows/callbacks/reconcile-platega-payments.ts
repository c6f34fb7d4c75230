import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { reconcilePendingSessionsStep } from "../steps/reconcile-pending-sessions"
import { resolveReconcileOptionsStep, type ReconcileOptions } from "../steps/reconcile-options"
import { retryOpenCallbacksStep } from "../steps/retry-open-callbacks"

export interface ReconcileReport {
  callbacksRetried: number
  sessionsChecked: number
  sessionsCanceled: number
  failures: number
}

export const reconcilePlategaPaymentsWorkflowId = "reconcile-platega-payments"

/**
 * Recovery of callbacks lost for good (Platega gives up after 3 retries): re-reads Platega payment
 * sessions still pending after `minAgeMinutes` and pushes them through the same pipeline as a
 * callback, then retries callbacks whose processing failed or is still open. Bounded by batch
 * size and concurrency.
 */
export const reconcilePlategaPaymentsWorkflow = createWorkflow(
  reconcilePlategaPaymentsWorkflowId,
  (input: Partial<ReconcileOptions>) => {
    const options = resolveReconcileOptionsStep(input)
    const sessions = reconcilePendingSessionsStep(options)
    const callbacks = retryOpenCallbacksStep(options)
    return new WorkflowResponse(
      transform({ sessions, callbacks }, ({ sessions, callbacks }): ReconcileReport => ({
        sessionsChecked: sessions.sessionsChecked,
        sessionsCanceled: sessions.sessionsCanceled,
        callbacksRetried: callbacks.callbacksRetried,
        failures: sessions.failures + callbacks.failures,
      })),
    )
  },
)
