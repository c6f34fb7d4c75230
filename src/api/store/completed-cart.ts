import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { withCartLock, withCartSettlement } from "../../workflows/checkout/settle-checkout"
import { orderOfCart } from "../../workflows/module-link-reads"
import { untilAnswered } from "./until-answered"

/**
 * Before Medusa's POST /store/carts/:id/complete, for any provider. A completion takes the cart's
 * settlement turn (the one Platega's callback takes to settle a paid cart and complete it) and
 * holds it until it is answered, so the cart is completed once, by whichever of the two comes
 * first:
 * - the callback first: the completion waits for its turn, finds the order the callback made and
 *   answers it as Medusa's route answers it, without Medusa's completion (which would read the
 *   whole cart again to find that order);
 * - the shopper first: Medusa's completion runs in the turn (and settles the payment under the
 *   cart's lock, see hooks/complete-cart.ts); the callback then finds the cart paid and its order
 *   made, and completes nothing.
 * The order is looked up under the cart's own lock, so a completion running outside the turn
 * (which may yet undo its order) is waited for, as Medusa's own completion waits.
 */
export async function answerCompletedCart(
  req: MedusaRequest,
  res: MedusaResponse,
  next: MedusaNextFunction,
): Promise<void> {
  const cartId = req.params.id
  try {
    await withCartSettlement(req.scope, cartId, () =>
      untilAnswered(res, next, async () => {
        // A look-up that fails (or a lock not had in time) leaves the answer to Medusa's completion.
        const orderId = await withCartLock(req.scope, cartId, () =>
          orderOfCart(req.scope, cartId),
        ).catch(() => undefined)
        if (!orderId) return next()
        const { data } = await req.scope.resolve(ContainerRegistrationKeys.QUERY).graph({
          entity: "order",
          fields: req.queryConfig.fields,
          filters: { id: orderId },
        })
        res.status(200).json({ type: "order", order: data[0] })
      }),
    )
  } catch {
    // The turn was not had in time: the answer is left to Medusa's completion, which waits for
    // the cart's lock itself.
    if (!res.headersSent) next()
  }
}
