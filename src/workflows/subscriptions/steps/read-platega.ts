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
    const client = await container.resolve<PlategaModuleService>(PLATEGA_MODULE).getClient()
    return new StepResponse<TransactionStatus | undefined>(
      await readOrNotFound(() => client.getTransaction(input.charge_id)),
    )
  },
)

/** GET /subscription/{id}, with its chargeMetrics; undefined when Platega does not know it. */
export const readPlategaSubscriptionStep = createStep(
  "read-platega-subscription",
  async (input: { subscription_id: string }, { container }) => {
    const client = await container.resolve<PlategaModuleService>(PLATEGA_MODULE).getClient()
    return new StepResponse<Subscription | undefined>(
      await readOrNotFound(() => client.getSubscription(input.subscription_id)),
    )
  },
)
