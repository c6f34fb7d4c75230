import type { MedusaContainer } from "@medusajs/framework/types"
import type { LoadedCallback, OutcomeRecord } from "../callbacks/record-outcome"
import { settleSubscriptionCharge } from "./settle-charge"
import { settleSubscriptionStatus } from "./settle-status"

/**
 * A subscription callback, acted on: a charge into its order (or PastDue), a status in step with
 * Platega's read. Each runs as a workflow of its own (settle-platega-subscription-charge,
 * settle-platega-subscription-status): they hold the subscription's lock and compensate their own
 * steps.
 */
export async function settleSubscriptionCallback(
  container: MedusaContainer,
  record: LoadedCallback,
): Promise<OutcomeRecord> {
  if (record.kind === "subscription_charge") {
    if (!record.subscription_id) {
      return { outcome: "ignored", detail: "Charge callback without SubscriptionId" }
    }
    return settleSubscriptionCharge(container, {
      charge_id: record.platega_id,
      subscription_id: record.subscription_id,
      source: "callback",
      claimed_status: record.status,
      body_trusted: record.authenticated !== false,
    })
  }
  return settleSubscriptionStatus(container, {
    subscription_id: record.platega_id,
    claimed_status: record.status,
  })
}
