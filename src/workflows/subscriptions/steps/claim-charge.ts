import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PLATEGA_MODULE, type PlategaModuleService } from "../../../modules/platega"

/** How long one run may spend building a renewal order before another may take over. */
const CHARGE_CLAIM_SECONDS = 300

/**
 * Takes a renewal charge for building its order, across processes (another instance without a
 * shared lock may be at it): `claimed` is true for exactly one run until the order is recorded
 * or the claim runs out. Compensation: a run whose renewal order failed gives the charge back at
 * once, so the next delivery or sync run settles it, not only once the claim runs out.
 */
export const claimPlategaChargeStep = createStep(
  "claim-platega-subscription-charge",
  async (input: { charge_id: string }, { container }) => {
    const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
    const claimed = await platega.claimSubscriptionCharge(input.charge_id, CHARGE_CLAIM_SECONDS)
    return new StepResponse({ claimed }, claimed ? input.charge_id : undefined)
  },
  async (chargeId, { container }) => {
    if (!chargeId) return
    const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
    const [charge] = await platega.listPlategaSubscriptionCharges(
      { id: chargeId },
      { take: 1, select: ["id", "order_id"] },
    )
    // An order recorded is final (its own steps are compensated before this one).
    if (charge && !charge.order_id) {
      await platega.updatePlategaSubscriptionCharges({ id: chargeId, claimed_until: null })
    }
  },
)
