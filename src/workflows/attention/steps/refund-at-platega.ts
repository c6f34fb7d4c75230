import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { MedusaError } from "@medusajs/framework/utils"
import { PLATEGA_MODULE, type PlategaModuleService } from "../../../modules/platega"
import { refundAtPlatega, toMedusaError } from "../../../providers/platega"

/**
 * The whole amount back to the payer, the way the order refund does it (cancel-supported, then
 * cancel). No compensation: money that moved cannot be un-moved; a transaction already returned
 * is reported as such and not refunded again, so a retry after a later failure is safe.
 * A transaction that pays a Medusa payment is never refunded from a case: its refund belongs to
 * its order, where Medusa records it. Its refund is started once (the payment claim), whichever
 * way it is asked.
 */
export const refundAtPlategaStep = createStep(
  "refund-platega-transaction",
  async (input: { transaction_id: string }, { container }) => {
    const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
    const { claims } = platega.access
    const id = input.transaction_id
    const owner = await claims.ownerOf("transaction", id)
    if (owner) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Platega: transaction ${id} pays payment session ${owner}: refund it from its order, where the refund is recorded`,
      )
    }
    if (!(await claims.startRefund("transaction", id, ""))) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Platega: transaction ${id} has already been refunded (or its refund is under way); it is not refunded twice`,
      )
    }
    try {
      const refund = await refundAtPlatega(await platega.getClient(), id)
      return new StepResponse({ ...refund, at: new Date().toISOString() })
    } catch (e) {
      await claims.abortRefund("transaction", id)
      throw toMedusaError("refunding the payment", e)
    }
  },
)
