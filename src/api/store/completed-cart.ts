import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { withCartLock } from "../../workflows/checkout/settle-checkout"
import { orderOfCart } from "../../workflows/link-reads"

/**
 * Before Medusa's POST /store/carts/:id/complete, for any provider: a cart that is an order already
 * is answered with that order, as Medusa's route answers it, without Medusa's completion (which
 * reads the whole cart again to find the order it made). This is the shopper's return after
 * Platega's callback made the order. An order that exists is answered only once the cart's lock
 * is free, so a completion still running (which may yet undo its order) is waited for, as
 * Medusa's own completion waits for it.
 */
export async function answerCompletedCart(
  req: MedusaRequest,
  res: MedusaResponse,
  next: MedusaNextFunction,
): Promise<void> {
  try {
    const cartId = req.params.id
    if (!(await orderOfCart(req.scope, cartId))) return next()
    const orderId = await withCartLock(req.scope, cartId, () => orderOfCart(req.scope, cartId))
    if (!orderId) return next()
    const { data } = await req.scope.resolve(ContainerRegistrationKeys.QUERY).graph({
      entity: "order",
      fields: req.queryConfig.fields,
      filters: { id: orderId },
    })
    res.status(200).json({ type: "order", order: data[0] })
  } catch (e) {
    next(e)
  }
}
