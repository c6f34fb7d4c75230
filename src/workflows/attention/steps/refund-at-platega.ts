import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { BigNumberInput, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { PLATEGA_MODULE, type PlategaModuleService } from "../../../modules/platega"
import { refundAtPlatega, toMedusaError } from "../../../providers/platega"

/**
 * The whole amount back to the payer, the way the order refund does it (cancel-supported, then
 * cancel). No compensation: money that moved cannot be un-moved; a transaction already returned
 * is reported as such and not refunded again, so a retry after a later failure is safe.
 * A transaction that pays a Medusa payment of an order is never refunded from a case: its refund
 * belongs to its order, where Medusa records it. One that pays a Medusa payment no order holds
 * (its cart never became an order) is refunded through that payment, so Medusa records it too.
 * Its refund is started once (the payment claim), whichever way it is asked.
 */
export const refundAtPlategaStep = createStep(
  "refund-platega-transaction",
  async (input: { transaction_id: string }, { container }) => {
    const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
    const { claims } = platega.access
    const id = input.transaction_id
    const owner = await claims.ownerOf("transaction", id)
    if (owner) return new StepResponse(await refundOrderlessPayment(container, id, owner))
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

type OwnerPayment = {
  id: string
  amount: BigNumberInput
  captured_at?: unknown
  data?: { platega_status?: string } | null
  payment_collection_id: string
}

/** The payment of session `owner` refunded whole through Medusa, when no order holds it. */
async function refundOrderlessPayment(container: MedusaContainer, id: string, owner: string) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment",
    fields: ["id", "amount", "captured_at", "data", "payment_collection_id"],
    filters: { payment_session_id: owner },
  })
  const payment = data[0] as OwnerPayment | undefined
  const { data: orders } = payment
    ? await query.graph({
        entity: "order_payment_collection",
        fields: ["order_id"],
        filters: { payment_collection_id: payment.payment_collection_id },
      })
    : { data: [] }
  if (!payment?.captured_at || orders[0]?.order_id) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Platega: transaction ${id} pays payment session ${owner}${orders[0]?.order_id ? ` of order ${orders[0].order_id}` : ""}: refund it from its order, where the refund is recorded`,
    )
  }
  // The provider's refund returns the money at Platega (once: the claim's refund mark).
  const refunded = await container.resolve(Modules.PAYMENT).refundPayment({
    payment_id: payment.id,
    amount: payment.amount,
    note: `Platega transaction ${id}: paid, but its cart never became an order`,
  })
  const status = (refunded.data as { platega_status?: string } | null)?.platega_status
  return {
    platega_status: status ?? "CHARGEBACKED",
    already_returned: false,
    message: null,
    at: new Date().toISOString(),
  }
}
