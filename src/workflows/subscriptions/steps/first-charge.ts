import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { Subscription } from "../../../lib/platega"
import { PLATEGA_MODULE, type PlategaModuleService } from "../../../modules/platega"
import { ensureFirstOrder, type FirstOrder } from "../first-order"

/** Left on a first charge whose checkout had moved on: what the merchant does with it. */
const ABANDONED_NOTE =
  "Paid after its checkout moved on to another payment method: no order was made and the subscription was cancelled at Platega; refund the charge from Platega → Transactions"
import type { SubscriptionRecord } from "../subscription-record"

interface PayFirstOrderInput {
  record: SubscriptionRecord
  sub: Subscription
  /** The charge's ledger row id. */
  charge_id: string
  /** The charge's transaction id. */
  transaction_id: string
}

/**
 * The first charge pays the checkout's order (made through Medusa's payment pipeline as its own
 * workflow, under the cart lock), and the charge and the checkout's payment record each other;
 * or, its checkout having moved on, it is noted as such (its case is flagged by the caller).
 * No compensation: the order is the shopper's, paid; nothing runs after this step but the
 * lock's release.
 */
export const payFirstOrderStep = createStep(
  "pay-platega-first-order",
  async (input: PayFirstOrderInput, { container }) => {
    const first = await ensureFirstOrder(container, input.record, input.sub)
    const orderId = first.order_id
    if (first.abandoned) {
      await container
        .resolve<PlategaModuleService>(PLATEGA_MODULE)
        .updatePlategaSubscriptionCharges({
          id: input.charge_id,
          error: ABANDONED_NOTE,
        })
    }
    if (!orderId) return new StepResponse<FirstOrder>(first)
    await container
      .resolve<PlategaModuleService>(PLATEGA_MODULE)
      .updatePlategaSubscriptionCharges({ id: input.charge_id, order_id: orderId, error: null })
    await rememberFirstCharge(container, input.record.payment_session_id, input.transaction_id)
    return new StepResponse<FirstOrder>(first)
  },
)

/** The checkout's payment learns which charge paid it: that is the transaction a refund returns. */
async function rememberFirstCharge(
  container: Pick<MedusaContainer, "resolve">,
  sessionId: string,
  chargeId: string,
): Promise<void> {
  const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "payment",
    fields: ["id", "data"],
    filters: { payment_session_id: sessionId },
  })
  const payment = data[0]
  if (!payment || (payment.data as { first_charge_id?: string })?.first_charge_id) return
  await container.resolve(Modules.PAYMENT).updatePayment({
    id: payment.id,
    data: { ...(payment.data ?? {}), first_charge_id: chargeId },
  } as { id: string })
}
