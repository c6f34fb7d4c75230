import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { MedusaContainer } from "@medusajs/framework/types"
import { linkOutcome } from "../../callbacks/settle-transaction"
import type { OutcomeRecord } from "../../steps/mark-platega-callback"
import { settlePaymentLink } from "../settle-payment-link"

/**
 * A transaction callback about one of the store's payment links: settled under the link's
 * collection lock (its own workflow, so the lock holds). Undefined for any other transaction.
 */
export const settleLinkCallbackStep = createStep(
  "settle-platega-link-callback",
  async (input: { transaction_id: string }, { container }) => {
    const settled = await settlePaymentLink(container as MedusaContainer, input.transaction_id)
    return new StepResponse<OutcomeRecord | undefined>(settled ? linkOutcome(settled) : undefined)
  },
)
