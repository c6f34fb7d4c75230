import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { withCartLock, withCartSettlement } from "../../workflows/checkout/settle-checkout"
import { orderOfCart } from "../../workflows/module-link-reads"

/**
 * Before Medusa's POST /store/carts/:id/complete, for any provider: a cart that is an order already
 * is answered with that order, as Medusa's route answers it, without Medusa's completion (which
 * reads the whole cart again to find the order it made). This is the shopper's return once
 * Platega's callback has made the order, or while it makes it: the callback's settlement of the
 * cart is waited for first. An order found is answered only once the cart's own lock is free, so a
 * completion still running (which may yet undo its order) is waited for, as Medusa's own
 * completion waits for it.
 */
export async function answerCompletedCart(
  req: MedusaRequest,
  res: MedusaResponse,
  next: MedusaNextFunction,
): Promise<void> {
  try {
    const cartId = req.params.id
    const made = () => orderOfCart(req.scope, cartId)
    // A wait that runs out (or a failed look-up) leaves the answer to Medusa's completion.
    const orderId = await withCartSettlement(req.scope, cartId, made)
      .then((found) => found && withCartLock(req.scope, cartId, made))
      .catch(() => undefined)
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
