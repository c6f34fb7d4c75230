import type { MedusaContainer } from "@medusajs/framework/types"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  classifyTransactionStatus,
  EXPORT_STATUS_CODES,
  SUBSCRIPTION_METHOD_CODE,
  type Subscription,
} from "../../../lib/platega"
import {
  PLATEGA_MODULE,
  sessionIdInDescription,
  successfulCharges,
  type PlategaModuleService,
} from "../../../modules/platega"
import { errorMessage } from "../../error-message"
import { settleSubscriptionCharge } from "../settle-charge"
import type { SubscriptionRecord } from "../subscription-record"

// Recovery of a subscription's charges by the sync job. Each charge is settled by the charge
// workflow, run as a workflow of its own (it takes the subscription's lock and compensates its
// own steps): these steps have nothing of their own to undo.

/** Far enough ahead for any clock skew: the export's upper bound only has to include "now". */
const EXPORT_LOOKAHEAD_MS = 366 * 24 * 3_600_000

export interface Recovery {
  recovered: number
  /** What the merchant is told on the subscription (`attention`). */
  notes: string[]
}

type Container = Pick<MedusaContainer, "resolve">

/** The CONFIRMED charges the store holds, and those still without an order. */
async function heldCharges(container: Container, subscriptionId: string) {
  const charges = await container
    .resolve<PlategaModuleService>(PLATEGA_MODULE)
    .listPlategaSubscriptionCharges(
      { subscription_id: subscriptionId },
      { select: ["platega_id", "status", "order_id"], take: 100_000 },
    )
  const confirmed = charges.filter((c) => classifyTransactionStatus(c.status) === "confirmed")
  return {
    confirmed: new Set(confirmed.map((c) => c.platega_id)),
    unordered: confirmed.filter((c) => !c.order_id).map((c) => c.platega_id),
  }
}

const settle = (container: MedusaContainer, record: SubscriptionRecord, chargeId: string) =>
  settleSubscriptionCharge(container, {
    charge_id: chargeId,
    subscription_id: record.platega_id,
    source: "sync",
  })

/** Paid charges whose order could not be made yet (a failure, or a builder that died): again. */
export const recoverUnorderedChargesStep = createStep(
  "recover-unordered-platega-charges",
  async (input: { record: SubscriptionRecord }, { container }) => {
    const recovery: Recovery = { recovered: 0, notes: [] }
    for (const chargeId of (await heldCharges(container, input.record.id)).unordered) {
      try {
        const settled = await settle(container, input.record, chargeId)
        if (settled.outcome === "captured") recovery.recovered++
      } catch (e) {
        recovery.notes.push(
          `Charge ${chargeId} is paid but its order could not be made: ${errorMessage(e)}`,
        )
      }
    }
    return new StepResponse(recovery)
  },
)

/**
 * When Platega counts more successful charges (chargeMetrics) than the store holds, the missing
 * ones are found in Platega's JSON export (method 6, CONFIRMED, the checkout's session id in the
 * payload or description) and settled like a callback.
 */
export const recoverMissingChargesStep = createStep(
  "recover-missing-platega-charges",
  async (input: { record: SubscriptionRecord; sub: Subscription }, { container }) => {
    const recovery: Recovery = { recovered: 0, notes: [] }
    const counted = successfulCharges(input.sub)
    let held = await heldCharges(container, input.record.id)
    if (counted <= held.confirmed.size) return new StepResponse(recovery)
    try {
      for (const chargeId of await missingCharges(container, input.record, held.confirmed)) {
        if ((await settle(container, input.record, chargeId)).outcome === "captured") {
          recovery.recovered++
        }
      }
      held = await heldCharges(container, input.record.id)
      if (counted > held.confirmed.size) {
        recovery.notes.push(
          `Platega counts ${counted} successful charges; the store holds ${held.confirmed.size}, and Platega's export shows no more of them`,
        )
      }
    } catch (e) {
      recovery.notes.push(
        `Platega counts ${counted} successful charges; the store holds ${held.confirmed.size}. Looking for the others failed: ${errorMessage(e)}`,
      )
    }
    return new StepResponse(recovery)
  },
)

/** Charges of this subscription in Platega's export that the store does not hold. */
async function missingCharges(
  container: Container,
  record: SubscriptionRecord,
  have: Set<string>,
): Promise<string[]> {
  const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
  const [settings, client] = await Promise.all([
    platega.getEffectiveSettings(),
    platega.getClient(),
  ])
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

/** What the recovery could not do, left on the subscription for the merchant (or cleared). */
export const noteSubscriptionAttentionStep = createStep(
  "note-platega-subscription-attention",
  async (input: { record: SubscriptionRecord; notes: string[] }, { container }) => {
    const note = input.notes.length ? input.notes.join("\n").slice(0, 4000) : null
    if (note !== input.record.attention) {
      await container
        .resolve<PlategaModuleService>(PLATEGA_MODULE)
        .updatePlategaSubscriptions({ id: input.record.id, attention: note })
    }
    return new StepResponse({ flagged: !!note })
  },
)

/** A subscription Platega answers 404 for: left for the merchant to look at. */
export const flagUnknownSubscriptionStep = createStep(
  "flag-unknown-platega-subscription",
  async (input: { id: string }, { container }) => {
    await container.resolve<PlategaModuleService>(PLATEGA_MODULE).updatePlategaSubscriptions({
      id: input.id,
      attention: "Platega does not know this subscription (GET /subscription answers 404)",
      synced_at: new Date(),
    })
    return new StepResponse({ flagged: true })
  },
)
