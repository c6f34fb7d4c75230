import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { completeCartWorkflow } from "@medusajs/medusa/core-flows"
import { orderOfCart } from "../link-reads"

/**
 * The paid cart becomes its order, through Medusa's own cart completion as a workflow of its own
 * (it takes the cart's lock: a shopper completing the same cart at that moment gets the same
 * order). Its session is authorized already, so completion asks Platega nothing. Should it fail
 * (stock gone, say), the payment stays captured and the outcome says the order is not made yet,
 * for the reconciliation job and the merchant, as Medusa's own payment pipeline leaves it.
 */
export const completeCheckoutCartStep = createStep(
  "complete-platega-checkout-cart",
  async (input: { cart_id: string }, { container }) => {
    if (await orderOfCart(container, input.cart_id)) {
      return new StepResponse({ completed: false })
    }
    try {
      await completeCartWorkflow(container).run({ input: { id: input.cart_id } })
      return new StepResponse({ completed: true })
    } catch (e) {
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .warn(`Platega: cart ${input.cart_id} is paid, but its order could not be made: ${e}`)
      return new StepResponse({ completed: false })
    }
  },
)
