import type { MedusaContainer } from "@medusajs/framework/types"
import {
  createWorkflow,
  transform,
  when,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { successfulCharges } from "../../modules/platega"
import { readPlategaSubscriptionStep } from "./steps/read-platega"
import {
  flagUnknownSubscriptionStep,
  noteSubscriptionAttentionStep,
  recoverMissingChargesStep,
  recoverUnorderedChargesStep,
} from "./steps/recover-charges"
import { applyPlategaReadStep, ensureFirstOrderStep } from "./steps/subscription-record"
import type { SubscriptionRecord } from "./subscription-record"
import { lockSubscription, unlockSubscription } from "./subscription-lock"

interface SyncedSubscription {
  recovered: number
  /** Left with an `attention` note for the merchant. */
  flagged: boolean
}

export const syncPlategaSubscriptionWorkflowId = "sync-platega-subscription"

/**
 * One subscription brought in step with Platega: under its lock, GET /subscription/{id} (with
 * chargeMetrics) updates the record and makes the checkout's order once charged; then, the lock
 * given back, its lost charges are recovered, each settled by the charge workflow (which takes
 * the lock in turn), and what could not be done is noted for the merchant. Run it through
 * `syncPlategaSubscription`: it holds a lock, so it never runs as a sub-workflow.
 */
export const syncPlategaSubscriptionWorkflow = createWorkflow(
  syncPlategaSubscriptionWorkflowId,
  (input: { record: SubscriptionRecord }) => {
    const lock = lockSubscription(transform({ input }, ({ input }) => input.record.platega_id))
    const sub = readPlategaSubscriptionStep(
      transform({ input }, ({ input }) => ({ subscription_id: input.record.platega_id })),
    )
    const unknown = when("platega-sync-subscription-unknown", { sub }, ({ sub }) => !sub).then(() =>
      flagUnknownSubscriptionStep(transform({ input }, ({ input }) => ({ id: input.record.id }))),
    )
    const record = when("platega-sync-subscription-read", { sub }, ({ sub }) => !!sub).then(() =>
      applyPlategaReadStep(
        transform({ input, sub }, ({ input, sub }) => ({ record: input.record, sub: sub! })),
      ),
    )
    when(
      "platega-sync-subscription-charged",
      { sub },
      ({ sub }) => !!sub && successfulCharges(sub) > 0,
    ).then(() => {
      ensureFirstOrderStep(
        transform({ record, sub }, ({ record, sub }) => ({ record: record!, sub: sub! })),
      )
    })
    unlockSubscription(lock)

    const noted = when("platega-sync-recover-charges", { sub }, ({ sub }) => !!sub).then(() => {
      const target = transform({ record }, ({ record }) => ({ record: record! }))
      const unordered = recoverUnorderedChargesStep(target)
      const missing = recoverMissingChargesStep(
        transform({ record, sub }, ({ record, sub }) => ({ record: record!, sub: sub! })),
      )
      const attention = noteSubscriptionAttentionStep(
        transform({ record, unordered, missing }, ({ record, unordered, missing }) => ({
          record: record!,
          notes: [...unordered.notes, ...missing.notes],
        })),
      )
      return transform({ unordered, missing, attention }, ({ unordered, missing, attention }) => ({
        recovered: unordered.recovered + missing.recovered,
        flagged: attention.flagged,
      }))
    })
    return new WorkflowResponse(
      transform(
        { noted, unknown },
        ({ noted, unknown }): SyncedSubscription => noted ?? { recovered: 0, flagged: !!unknown },
      ),
    )
  },
)

/** Syncs one subscription as a workflow of its own (so its lock holds). */
export async function syncPlategaSubscription(
  container: MedusaContainer,
  record: SubscriptionRecord,
): Promise<SyncedSubscription> {
  const { result } = await syncPlategaSubscriptionWorkflow(container).run({ input: { record } })
  return result
}
