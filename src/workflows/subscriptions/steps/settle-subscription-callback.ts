import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { LoadedCallback } from "../../callbacks/record-outcome"
import type { OutcomeRecord } from "../../callbacks/record-outcome"
import { settleSubscriptionCharge } from "../settle-charge"
import { settleSubscriptionStatus } from "../settle-status"

/**
 * A subscription callback, acted on: a charge into its order (or PastDue), a status in step with
 * Platega's read. Each runs as a workflow of its own (settle-platega-subscription-charge,
 * settle-platega-subscription-status): they hold the subscription's lock, which Medusa does not
 * take in a sub-workflow. No compensation here: those workflows compensate their own steps.
 */
export const settleSubscriptionCallbackStep = createStep(
  "settle-platega-subscription-callback",
  async (record: LoadedCallback, { container }) => {
    if (record.kind === "subscription_charge") {
      if (!record.subscription_id) {
        return new StepResponse<OutcomeRecord>({
          outcome: "ignored",
          detail: "Charge callback without SubscriptionId",
        })
      }
      return new StepResponse(
        await settleSubscriptionCharge(container, {
          charge_id: record.platega_id,
          subscription_id: record.subscription_id,
          source: "callback",
          claimed_status: record.status,
          body_trusted: record.authenticated !== false,
        }),
      )
    }
    return new StepResponse(
      await settleSubscriptionStatus(container, {
        subscription_id: record.platega_id,
        claimed_status: record.status,
      }),
    )
  },
)
