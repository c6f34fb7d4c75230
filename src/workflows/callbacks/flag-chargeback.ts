import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { PLATEGA_CHARGEBACK } from "../../modules/platega/events"

interface ChargebackInput {
  order_id: string
  transaction_id: string
  session_id: string
  status: string
}

/**
 * Money came back from a paid order without a refund recorded in Medusa (a dispute, or a refund
 * made in the Platega dashboard). Flag the order for the merchant; move no money automatically.
 * Once per order: `flagged: false` when it was flagged already (a repeated callback, a retry).
 */
export async function flagChargeback(
  container: Pick<MedusaContainer, "resolve">,
  input: ChargebackInput,
): Promise<{ flagged: boolean }> {
  const orders = container.resolve(Modules.ORDER)
  const order = await orders.retrieveOrder(input.order_id, { select: ["id", "metadata"] })
  const previous = order.metadata ?? null
  if ((previous as Record<string, unknown> | null)?.platega_chargeback) return { flagged: false }
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
  return { flagged: true }
}
