import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules, PaymentSessionStatus } from "@medusajs/framework/utils"
import {
  PLATEGA_MODULE,
  isFinalSubscriptionStatus,
  recordStatus,
  successfulCharges,
  type PlategaModuleService,
} from "../../../modules/platega"
import { errorMessage } from "../../error-message"
import { inBatches } from "../../steps/in-batches"
import { pendingSessions } from "../../steps/pending-sessions"
import { settleSubscriptionStatus } from "../settle-status"
import type { SubscriptionRecord } from "../subscription-record"
import { syncPlategaSubscription } from "../sync-subscription"

// The sync job's two passes. Each subscription is settled or synced by a workflow of its own
// (which takes its lock and compensates its own steps); a failure is counted and logged, and the
// pass goes on. Nothing of their own to undo.

export interface SyncOptions {
  /** Subscriptions (and unpaid checkouts) looked at per run. */
  batchSize: number
  concurrency: number
  /** Checkouts younger than this are left to their callbacks. */
  pendingMinAgeMinutes: number
  /** Checkouts older than this are no longer looked at. */
  pendingMaxAgeHours: number
}

export const DEFAULT_SYNC_OPTIONS: SyncOptions = {
  batchSize: 200,
  concurrency: 4,
  pendingMinAgeMinutes: 5,
  pendingMaxAgeHours: 48,
}

/** Subscription checkouts whose session is still pending (their callbacks may have been lost). */
export const syncUnpaidCheckoutsStep = createStep(
  "sync-unpaid-platega-checkouts",
  async (options: SyncOptions, { container }) => {
    const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
    const report = { checkoutsChecked: 0, failures: 0 }
    await inBatches(await unpaidCheckouts(container, options), options.concurrency, async (s) => {
      report.checkoutsChecked++
      try {
        await settleSubscriptionStatus(container, { subscription_id: s.subscription_id })
        await closeIfDead(container, s)
      } catch (e) {
        report.failures++
        logger.warn(`Platega subscription sync: ${s.subscription_id}: ${errorMessage(e)}`)
      }
    })
    return new StepResponse(report)
  },
)

/** Live subscriptions (and those left with a note), the longest unsynced first. */
export const syncLiveSubscriptionsStep = createStep(
  "sync-live-platega-subscriptions",
  async (options: SyncOptions, { container }) => {
    const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
    const report = { subscriptionsChecked: 0, chargesRecovered: 0, flagged: 0, failures: 0 }
    const records = (await container
      .resolve<PlategaModuleService>(PLATEGA_MODULE)
      .listPlategaSubscriptions(
        { $or: [{ status: { $nin: ["Cancelled", "Failed"] } }, { attention: { $ne: null } }] },
        { take: options.batchSize, order: { synced_at: "ASC" } },
      )) as SubscriptionRecord[]
    await inBatches(records, options.concurrency, async (record) => {
      report.subscriptionsChecked++
      try {
        const synced = await syncPlategaSubscription(container, record)
        report.chargesRecovered += synced.recovered
        if (synced.flagged) report.flagged++
      } catch (e) {
        report.failures++
        logger.warn(`Platega subscription sync: ${record.platega_id}: ${errorMessage(e)}`)
      }
    })
    return new StepResponse(report)
  },
)

interface UnpaidCheckout {
  session_id: string
  subscription_id: string
  session: { id: string; data: Record<string, unknown>; amount: unknown; currency_code: string }
}

async function unpaidCheckouts(
  container: MedusaContainer,
  options: SyncOptions,
): Promise<UnpaidCheckout[]> {
  const sessions = await pendingSessions(container, {
    providerPrefix: "pp_platega-subscription_",
    minAgeMinutes: options.pendingMinAgeMinutes,
    maxAgeHours: options.pendingMaxAgeHours,
    batchSize: options.batchSize,
  })
  return sessions.flatMap((s) => {
    const data = (s.data ?? {}) as { subscription_id?: unknown; renewal_of?: unknown }
    return typeof data.subscription_id === "string" && !data.renewal_of
      ? [{ session_id: s.id, subscription_id: data.subscription_id, session: s as never }]
      : []
  })
}

/** A checkout whose subscription ended without charging is never payable: out of the pool. */
async function closeIfDead(container: MedusaContainer, checkout: UnpaidCheckout): Promise<void> {
  const client = await container.resolve<PlategaModuleService>(PLATEGA_MODULE).getClient()
  const sub = await client.getSubscription(checkout.subscription_id)
  if (!isFinalSubscriptionStatus(recordStatus(sub.status)) || successfulCharges(sub) > 0) return
  const { session } = checkout
  await container.resolve(Modules.PAYMENT).updatePaymentSession({
    id: session.id,
    data: { ...session.data, platega_status: recordStatus(sub.status) },
    amount: session.amount as number,
    currency_code: session.currency_code,
    status: PaymentSessionStatus.CANCELED,
  })
}
