import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { Modules } from "@medusajs/framework/utils"
import { PLATEGA_CHARGEBACK } from "../../modules/platega/events"

type Undo = { order_id: string; previous: Record<string, unknown> | null } | null

interface ChargebackInput {
  order_id: string
  transaction_id: string
  session_id: string
  status: string
}

/**
 * Money came back from a paid order without a refund recorded in Medusa (a dispute, or a refund
 * made in the Platega dashboard). Flag the order for the merchant; move no money automatically.
 */
export const flagChargebackStep = createStep(
  "flag-platega-chargeback",
  async (input: ChargebackInput, { container }) => {
    const orders = container.resolve(Modules.ORDER)
    const order = await orders.retrieveOrder(input.order_id, { select: ["id", "metadata"] })
    const previous = order.metadata ?? null
    if ((previous as Record<string, unknown> | null)?.platega_chargeback) {
      return new StepResponse<{ flagged: boolean }, Undo>({ flagged: false }, null)
    }
    await orders.updateOrders(input.order_id, {
      metadata: {
        ...(previous ?? {}),
        platega_chargeback: {
          transaction_id: input.transaction_id,
          status: input.status,
          flagged_at: new Date().toISOString(),
        },
      },
    })
    await container.resolve(Modules.EVENT_BUS).emit({ name: PLATEGA_CHARGEBACK, data: input })
    return new StepResponse<{ flagged: boolean }, Undo>(
      { flagged: true },
      { order_id: input.order_id, previous: previous as Record<string, unknown> | null },
    )
  },
  async (undo, { container }) => {
    if (!undo) return
    await container.resolve(Modules.ORDER).updateOrders(undo.order_id, { metadata: undo.previous })
  },
)
