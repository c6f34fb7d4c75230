import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { reconcilePendingSessionsStep } from "../steps/reconcile-pending-sessions"
import { resolveReconcileOptionsStep, type ReconcileOptions } from "../steps/reconcile-options"
import { reconcilePaymentLinksStep } from "../payment-links/steps/reconcile-payment-links"
import { retryOpenCallbacksStep } from "../steps/retry-open-callbacks"

export interface ReconcileReport {
  callbacksRetried: number
  sessionsChecked: number
  sessionsCanceled: number
  /** Payment links re-read, and those found paid (captured now). */
  linksChecked: number
  linksPaid: number
  failures: number
}

const reconcilePlategaPaymentsWorkflowId = "reconcile-platega-payments"

/**
 * Recovery of callbacks lost for good (Platega gives up after 3 retries): re-reads Platega payment
 * sessions still pending after `minAgeMinutes` and pushes them through the same pipeline as a
 * callback, settles payment links still open the same way, then retries callbacks whose
 * processing failed or is still open. Bounded by batch size and concurrency.
 */
export const reconcilePlategaPaymentsWorkflow = createWorkflow(
  reconcilePlategaPaymentsWorkflowId,
  (input: Partial<ReconcileOptions>) => {
    const options = resolveReconcileOptionsStep(input)
    const sessions = reconcilePendingSessionsStep(options)
    const links = reconcilePaymentLinksStep(options)
    const callbacks = retryOpenCallbacksStep(options)
    return new WorkflowResponse(
      transform(
        { sessions, links, callbacks },
        ({ sessions, links, callbacks }): ReconcileReport => ({
          sessionsChecked: sessions.sessionsChecked,
          sessionsCanceled: sessions.sessionsCanceled,
          linksChecked: links.linksChecked,
          linksPaid: links.linksPaid,
          callbacksRetried: callbacks.callbacksRetried,
          failures: sessions.failures + links.failures + callbacks.failures,
        }),
      ),
    )
  },
)
