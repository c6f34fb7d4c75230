import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { plategaErrorView } from "../../../lib/platega"
import {
  PLATEGA_MODULE,
  PLATEGA_SUBSCRIPTION_CANCELLED,
  isFinalSubscriptionStatus,
  recordStatus,
  type PlategaModuleService,
} from "../../../modules/platega"
import { withSubscriptionLock } from "../subscription-lock"
import { applyPlategaRead, type SubscriptionRecord } from "../subscription-record"

/** Who stopped it: a person, or the store itself (a first charge whose checkout moved on). */
type CancelledBy = "admin" | "customer" | "store"

export interface CancelSubscriptionInput {
  /** The plugin's record id (plsub_…). */
  id: string
  by: CancelledBy
}

export interface CancelSubscriptionResult {
  subscription: SubscriptionRecord
  /** False when it had already stopped: nothing was sent to Platega. */
  cancelled_now: boolean
}

type Container = Pick<MedusaContainer, "resolve">

async function load(container: Container, id: string): Promise<SubscriptionRecord> {
  const [record] = await container
    .resolve<PlategaModuleService>(PLATEGA_MODULE)
    .listPlategaSubscriptions({ id }, { take: 1 })
  if (!record) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Subscription ${id} was not found`)
  }
  return record as SubscriptionRecord
}

/**
 * Stops a subscription at Platega (POST /subscription/{id}/cancel) and records who did it and what
 * Platega answered. Under the subscription's lock, so a double click, a retry and a status callback
 * take turns; one that finds it stopped sends nothing and announces nothing.
 */
export async function cancelSubscription(
  container: Container,
  input: CancelSubscriptionInput,
): Promise<CancelSubscriptionResult> {
  const first = await load(container, input.id)
  return withSubscriptionLock(container, first.platega_id, async () => {
    const record = await load(container, input.id)
    return stopAtPlatega(container, record, input.by)
  })
}

/**
 * The cancel itself, for a caller that already holds the subscription's lock: one that finds it
 * stopped sends nothing and announces nothing.
 */
export async function stopAtPlatega(
  container: Container,
  record: SubscriptionRecord,
  by: CancelledBy,
): Promise<CancelSubscriptionResult> {
  const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
  if (isFinalSubscriptionStatus(record.status)) {
    return { subscription: record, cancelled_now: false }
  }
  const client = await platega.getClient()
  let answer: Awaited<ReturnType<typeof client.cancelSubscription>>
  try {
    answer = await client.cancelSubscription(record.platega_id)
  } catch (e) {
    // Already stopped at Platega (the payer cancelled, our record not yet in step): say so.
    const live = await client.getSubscription(record.platega_id).catch(() => undefined)
    if (live && isFinalSubscriptionStatus(recordStatus(live.status))) {
      return {
        subscription: await applyPlategaRead(container, record, live),
        cancelled_now: false,
      }
    }
    const view = plategaErrorView(e)
    // Kept for the merchant: what Platega answered to the cancel that did not happen.
    await platega.updatePlategaSubscriptions({
      id: record.id,
      cancel_response: { error: view, received_at: new Date().toISOString() },
    })
    const detail = [view.code, view.trace_id && `traceId ${view.trace_id}`].filter(Boolean)
    throw new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      `Platega did not cancel the subscription: ${view.message}${detail.length ? ` (${detail.join(", ")})` : ""}`,
    )
  }
  const status = recordStatus(answer.status)
  const stopped = isFinalSubscriptionStatus(status)
  const updated = (await platega.updatePlategaSubscriptions({
    id: record.id,
    status,
    cancel_response: { ...answer, received_at: new Date().toISOString() },
    ...(stopped && { cancelled_at: new Date(), cancelled_by: by, next_charge_at: null }),
  })) as SubscriptionRecord
  if (status === "Cancelled") {
    await container.resolve(Modules.EVENT_BUS).emit({
      name: PLATEGA_SUBSCRIPTION_CANCELLED,
      data: {
        id: record.id,
        platega_id: record.platega_id,
        status,
        cancelled_by: by,
      },
    })
  }
  return { subscription: updated, cancelled_now: stopped }
}

/**
 * The cancel as a workflow step. No compensation: a cancel Platega has done cannot be undone, and
 * nothing runs after it in the workflow.
 */
export const cancelSubscriptionStep = createStep(
  "cancel-platega-subscription",
  async (input: CancelSubscriptionInput, { container }) =>
    new StepResponse(await cancelSubscription(container, input)),
)
