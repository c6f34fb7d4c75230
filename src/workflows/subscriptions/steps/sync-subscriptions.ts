import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules, PaymentSessionStatus } from "@medusajs/framework/utils"
import {
  EXPORT_STATUS_CODES,
  isPlategaError,
  SUBSCRIPTION_METHOD_CODE,
  type PlategaClient,
} from "../../../lib/platega"
import {
  PLATEGA_MODULE,
  isFinalSubscriptionStatus,
  recordStatus,
  sessionIdInDescription,
  successfulCharges,
  type PlategaModuleService,
} from "../../../modules/platega"
import { errorMessage } from "../../callbacks/run-platega-callback"
import { inBatches } from "../../steps/in-batches"
import {
  heldCharges,
  settleSubscriptionCharge,
  settleSubscriptionStatus,
  withSubscriptionLock,
} from "../settle"
import { applyPlategaRead, ensureFirstOrder, type SubscriptionRecord } from "../subscription-record"

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

export interface SyncReport {
  checkoutsChecked: number
  subscriptionsChecked: number
  chargesRecovered: number
  /** Subscriptions left with an `attention` note for the merchant. */
  flagged: number
  failures: number
}

/** Far enough ahead for any clock skew: the export's upper bound only has to include "now". */
const EXPORT_LOOKAHEAD_MS = 366 * 24 * 3_600_000

/**
 * Recovery for subscriptions: unpaid checkouts and live subscriptions are re-read from Platega
 * (GET /subscription/{id}, with chargeMetrics), their status and dates kept in step; when Platega
 * counts more successful charges than the store holds, the missing ones are found in Platega's
 * JSON export (method 6, CONFIRMED, the checkout's session id in the description) and pushed
 * through the same charge settlement as a callback. What cannot be settled is flagged.
 */
export const syncPlategaSubscriptionsStep = createStep(
  "sync-platega-subscriptions",
  async (input: Partial<SyncOptions>, { container }) => {
    const options = { ...DEFAULT_SYNC_OPTIONS, ...input }
    const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
    const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
    const client = await platega.getClient()
    const report: SyncReport = {
      checkoutsChecked: 0,
      subscriptionsChecked: 0,
      chargesRecovered: 0,
      flagged: 0,
      failures: 0,
    }

    await inBatches(await unpaidCheckouts(container, options), options.concurrency, async (s) => {
      report.checkoutsChecked++
      try {
        await settleSubscriptionStatus(container, { subscription_id: s.subscription_id })
        await closeIfDead(container, client, s)
      } catch (e) {
        report.failures++
        logger.warn(`Platega subscription sync: ${s.subscription_id}: ${errorMessage(e)}`)
      }
    })

    const records = (await platega.listPlategaSubscriptions(
      { $or: [{ status: { $nin: ["Cancelled", "Failed"] } }, { attention: { $ne: null } }] },
      { take: options.batchSize, order: { synced_at: "ASC" } },
    )) as SubscriptionRecord[]
    await inBatches(records, options.concurrency, async (record) => {
      report.subscriptionsChecked++
      try {
        const result = await syncOne(container, client, record)
        report.chargesRecovered += result.recovered
        if (result.flagged) report.flagged++
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

/** Subscription checkouts whose session is still pending (their callbacks may have been lost). */
async function unpaidCheckouts(
  container: MedusaContainer,
  options: SyncOptions,
): Promise<UnpaidCheckout[]> {
  const payments = container.resolve(Modules.PAYMENT)
  const providers = (await payments.listPaymentProviders({}))
    .map((p) => p.id)
    .filter((id) => id.startsWith("pp_platega-subscription_"))
  if (!providers.length) return []
  const now = Date.now()
  const sessions = await payments.listPaymentSessions(
    {
      provider_id: providers,
      ...({ status: ["pending"] } as object),
      created_at: {
        $lte: new Date(now - options.pendingMinAgeMinutes * 60_000).toISOString(),
        $gte: new Date(now - options.pendingMaxAgeHours * 3_600_000).toISOString(),
      },
    },
    {
      take: options.batchSize,
      order: { created_at: "ASC" },
      select: ["id", "data", "amount", "currency_code"],
    },
  )
  return sessions.flatMap((s) => {
    const data = (s.data ?? {}) as { subscription_id?: unknown; renewal_of?: unknown }
    return typeof data.subscription_id === "string" && !data.renewal_of
      ? [{ session_id: s.id, subscription_id: data.subscription_id, session: s as never }]
      : []
  })
}

/** A checkout whose subscription ended without charging is never payable: out of the pool. */
async function closeIfDead(
  container: MedusaContainer,
  client: PlategaClient,
  checkout: UnpaidCheckout,
): Promise<void> {
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

async function syncOne(
  container: MedusaContainer,
  client: PlategaClient,
  found: SubscriptionRecord,
): Promise<{ recovered: number; flagged: boolean }> {
  const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
  const read = await withSubscriptionLock(container, found.platega_id, async () => {
    let sub
    try {
      sub = await client.getSubscription(found.platega_id)
    } catch (e) {
      if (isPlategaError(e) && e.httpStatus === 404) return undefined
      throw e
    }
    const record = await applyPlategaRead(container, found, sub)
    if (successfulCharges(sub) > 0) await ensureFirstOrder(container, record, sub)
    return { record, sub }
  })
  if (!read) {
    await platega.updatePlategaSubscriptions({
      id: found.id,
      attention: "Platega does not know this subscription (GET /subscription answers 404)",
      synced_at: new Date(),
    })
    return { recovered: 0, flagged: true }
  }
  const { record, sub } = read
  const counted = successfulCharges(sub)
  const settle = (chargeId: string) =>
    settleSubscriptionCharge(container, {
      charge_id: chargeId,
      subscription_id: record.platega_id,
      source: "sync",
    })
  let held = await heldCharges(container, record.id)
  let recovered = 0
  const notes: string[] = []
  // Paid charges whose order could not be made yet (a failure, or a builder that died): again.
  for (const charge of held.unordered) {
    try {
      if ((await settle(charge.platega_id)).outcome === "captured") recovered++
    } catch (e) {
      notes.push(
        `Charge ${charge.platega_id} is paid but its order could not be made: ${errorMessage(e)}`,
      )
    }
  }
  if (counted > held.confirmed.size) {
    try {
      for (const chargeId of await missingCharges(container, client, record, held.confirmed)) {
        if ((await settle(chargeId)).outcome === "captured") recovered++
      }
      held = await heldCharges(container, record.id)
      if (counted > held.confirmed.size) {
        notes.push(
          `Platega counts ${counted} successful charges; the store holds ${held.confirmed.size}, and Platega's export shows no more of them`,
        )
      }
    } catch (e) {
      notes.push(
        `Platega counts ${counted} successful charges; the store holds ${held.confirmed.size}. Looking for the others failed: ${errorMessage(e)}`,
      )
    }
  }
  const note = notes.length ? notes.join("\n").slice(0, 4000) : null
  if (note !== record.attention) {
    await platega.updatePlategaSubscriptions({ id: record.id, attention: note })
  }
  return { recovered, flagged: !!note }
}

/** Charges of this subscription in Platega's export that the store does not hold. */
async function missingCharges(
  container: MedusaContainer,
  client: PlategaClient,
  record: SubscriptionRecord,
  have: Set<string>,
): Promise<string[]> {
  const settings = await container
    .resolve<PlategaModuleService>(PLATEGA_MODULE)
    .getEffectiveSettings()
  const from = new Date(new Date(record.created_at as unknown as string).getTime() - 3_600_000)
  const records = await client.exportTransactionsJson({
    from,
    to: new Date(Date.now() + EXPORT_LOOKAHEAD_MS),
    statuses: [EXPORT_STATUS_CODES.CONFIRMED],
    paymentMethods: [SUBSCRIPTION_METHOD_CODE],
    timeZoneId: settings.exportTimeZone,
  })
  return records
    .filter(
      (r) =>
        sessionIdInDescription(r.description) === record.payment_session_id ||
        r.payload === record.payment_session_id,
    )
    .map((r) => r.recordId.toLowerCase())
    .filter((id) => !have.has(id))
}
