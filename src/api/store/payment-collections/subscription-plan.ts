import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { isSubscriptionProvider } from "../../../providers/platega"
import {
  cartOfPaymentCollection,
  cartSubscriptionPlan,
} from "../../../workflows/subscriptions/cart-plan"

type Body = { provider_id?: unknown; data?: Record<string, unknown> }

/**
 * Before a subscription payment session is created: the cart must hold variants of one plan, and
 * that plan (read here, never taken from the storefront) is what the provider subscribes to. The
 * storefront may pass only its return addresses.
 */
export async function subscriptionPlanForSession(
  req: MedusaRequest,
  _res: MedusaResponse,
  next: MedusaNextFunction,
): Promise<void> {
  const body = (req.body ?? {}) as Body
  if (typeof body.provider_id !== "string" || !isSubscriptionProvider(body.provider_id)) {
    return next()
  }
  try {
    const cartId = await cartOfPaymentCollection(req.scope, req.params.id)
    if (!cartId) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        "Platega subscription: only a cart's payment collection can be paid by subscription",
      )
    }
    const plan = await cartSubscriptionPlan(req.scope, cartId)
    const given = body.data ?? {}
    const keep = (key: "return_url" | "failed_url") =>
      typeof given[key] === "string" ? { [key]: given[key] } : {}
    // `pay` starts the payment now (see providers/platega/core/payment-start.ts).
    const pay = given.pay === true ? { pay: true } : {}
    req.body = { ...body, data: { ...keep("return_url"), ...keep("failed_url"), ...pay, plan } }
    next()
  } catch (e) {
    next(e)
  }
}
