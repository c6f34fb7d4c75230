import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  PLATEGA_MODULE,
  toAdminPayout,
  type AdminPayout,
  type PayoutRow,
  type PlategaModuleService,
} from "../../../modules/platega"
import type { PayoutOutcome } from "./send-payout"

/**
 * Writes what Platega answered. A payout once `created` stays created: a later re-check that
 * fails to get an answer does not make it unknown again. No compensation: this is the last step
 * that writes, and it records a fact.
 */
export const recordPayoutOutcomeStep = createStep(
  "record-platega-payout-outcome",
  async (input: { id: string; outcome: PayoutOutcome | null }, { container }) => {
    const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
    const current = (await platega.retrievePlategaPayout(input.id)) as PayoutRow
    const { outcome } = input
    if (!outcome || current.status === "created") {
      return new StepResponse<AdminPayout>(toAdminPayout(current))
    }
    const created = outcome.status === "created"
    const row = await platega.updatePlategaPayouts({
      id: input.id,
      status: outcome.status,
      attempts: current.attempts + 1,
      checked_at: new Date(),
      ...(created && {
        withdrawal_record_id: outcome.withdrawal_record_id ?? null,
        platega_status: outcome.platega_status ?? null,
        amount_usdt_debited: outcome.amount_usdt_debited ?? null,
      }),
      error_code: created ? null : (outcome.error_code ?? null),
      error_message: created ? null : (outcome.error_message ?? null),
      error_trace_id: created ? null : (outcome.error_trace_id ?? null),
    })
    return new StepResponse<AdminPayout>(toAdminPayout(row as PayoutRow))
  },
)
