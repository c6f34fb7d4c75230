import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PLATEGA_MODULE, type PlategaModuleService } from "../../../modules/platega"
import { refundAtPlatega, toMedusaError } from "../../../providers/platega"

/**
 * The whole amount back to the payer, the way the order refund does it (cancel-supported, then
 * cancel). No compensation: money that moved cannot be un-moved; a transaction already returned
 * is reported as such and not refunded again, so a retry after a later failure is safe.
 */
export const refundAtPlategaStep = createStep(
  "refund-platega-transaction",
  async (input: { transaction_id: string }, { container }) => {
    const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
    try {
      const refund = await refundAtPlatega(await platega.getClient(), input.transaction_id)
      return new StepResponse({ ...refund, at: new Date().toISOString() })
    } catch (e) {
      throw toMedusaError("refunding the payment", e)
    }
  },
)
