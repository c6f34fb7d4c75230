import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { isPlategaError, type Subscription, type TransactionStatus } from "../../../lib/platega"
import { PLATEGA_MODULE, type PlategaModuleService } from "../../../modules/platega"

// Platega's own reads, the only word a subscription's settlement takes. Reads change nothing:
// no compensation.

async function readOrNotFound<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read()
  } catch (e) {
    if (isPlategaError(e) && e.httpStatus === 404) return undefined
    throw e
  }
}

/** GET /transaction/{id} of a charge; undefined when Platega does not know it. */
export const readPlategaChargeStep = createStep(
  "read-platega-subscription-charge",
  async (input: { charge_id: string }, { container }) => {
    const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
    // Handed to the renewal order's authorization that follows, which then asks Platega no more.
    return new StepResponse<TransactionStatus | undefined>(
      await readOrNotFound(() => platega.access.readTransaction(input.charge_id)),
    )
  },
)

/**
 * GET /subscription/{id}, with its chargeMetrics; undefined when Platega does not know it. Handed
 * to the first order's authorization that follows.
 */
export const readPlategaSubscriptionStep = createStep(
  "read-platega-subscription",
  async (input: { subscription_id: string }, { container }) => {
    const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
    return new StepResponse<Subscription | undefined>(
      await readOrNotFound(() => platega.access.readSubscription(input.subscription_id)),
    )
  },
)
