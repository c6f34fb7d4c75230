import type { MedusaContainer } from "@medusajs/framework/types"
import {
  createWorkflow,
  transform,
  when,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import type { OutcomeRecord } from "../callbacks/record-outcome"
import { statusOutcome } from "./charge-decisions"
import { readPlategaSubscriptionStep } from "./steps/read-platega"
import {
  applyPlategaReadStep,
  ensureFirstOrderStep,
  ensureSubscriptionRecordStep,
} from "./steps/subscription-record"
import { lockSubscription, unlockSubscription } from "./subscription-lock"

export interface SettleStatusInput {
  subscription_id: string
  /** The status a callback claimed; Platega's own read decides. */
  claimed_status?: string
}

export const settleSubscriptionStatusWorkflowId = "settle-platega-subscription-status"

/**
 * A subscription's status, in step with Platega's own read (never with what a callback claims),
 * under its lock: GET /subscription/{id}, the record created on first sight and updated, and the
 * checkout's order made once Platega took the first charge. Run it through
 * `settleSubscriptionStatus`: it holds a lock, so it never runs as a sub-workflow.
 */
export const settleSubscriptionStatusWorkflow = createWorkflow(
  settleSubscriptionStatusWorkflowId,
  (input: SettleStatusInput) => {
    const lock = lockSubscription(transform({ input }, ({ input }) => input.subscription_id))
    const sub = readPlategaSubscriptionStep(input)
    const found = when("platega-status-subscription-known", { sub }, ({ sub }) => !!sub).then(() =>
      ensureSubscriptionRecordStep(transform({ sub }, ({ sub }) => ({ sub: sub! }))),
    )
    const record = when("platega-status-is-ours", { found }, ({ found }) => !!found).then(() =>
      applyPlategaReadStep(
        transform({ found, sub }, ({ found, sub }) => ({ record: found!, sub: sub! })),
      ),
    )
    const order = when("platega-status-recorded", { record }, ({ record }) => !!record).then(() =>
      ensureFirstOrderStep(
        transform({ record, sub }, ({ record, sub }) => ({ record: record!, sub: sub! })),
      ),
    )
    unlockSubscription(lock)
    return new WorkflowResponse(
      transform({ input, sub, record, order }, ({ input, sub, record, order }): OutcomeRecord =>
        statusOutcome(input.subscription_id, input.claimed_status, sub, record, order?.order_id),
      ),
    )
  },
)

/** Settles a subscription's status as a workflow of its own (so its lock holds). */
export async function settleSubscriptionStatus(
  container: MedusaContainer,
  input: SettleStatusInput,
): Promise<OutcomeRecord> {
  const { result } = await settleSubscriptionStatusWorkflow(container).run({ input })
  return result
}
