import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { isSubscriptionProvider } from "../../../../providers/platega"
import { methodTitlesFromConfig } from "../../../../providers/platega/method-titles"
import { readCartPlan } from "../../../../workflows/subscriptions/cart-plan"
import type { StorePlategaMethodsQueryType } from "./validators"

/**
 * GET /store/platega/methods[?cart_id=]: the store's Platega payment providers with their method
 * code and title, so a storefront can show each as its own choice (Medusa's own provider list
 * carries ids only). With `cart_id`, the subscription is listed only for a cart that holds one
 * subscription plan: the one a subscription session would be accepted for (404 for no such cart).
 * Which providers a region offers at all is still Medusa's region setting
 * (GET /store/payment-providers?region_id=…).
 */
export async function GET(
  req: MedusaRequest<unknown, StorePlategaMethodsQueryType>,
  res: MedusaResponse,
): Promise<void> {
  const config = req.scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE)
  const methods = methodTitlesFromConfig(config)
  const cartId = req.validatedQuery.cart_id
  if (cartId === undefined) {
    res.json({ methods })
    return
  }
  const cartPlan = await readCartPlan(req.scope, cartId)
  if (!cartPlan) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Cart with id: ${cartId} was not found`)
  }
  res.json({
    methods:
      "plan" in cartPlan ? methods : methods.filter((m) => !isSubscriptionProvider(m.provider_id)),
  })
}
