import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { isSubscriptionProvider } from "../../../providers/platega"
import { cartOfPaymentCollection } from "../../../workflows/module-link-reads"
import { cartSubscriptionPlan } from "../../../workflows/subscriptions/cart-plan"

import { SESSION_CONTEXT_KEYS } from "../payment-session-context"

type Body = { provider_id?: unknown; data?: Record<string, unknown> }

/**
 * Before a subscription payment session is created: the cart must hold variants of one plan, and
 * that plan (read here, never taken from the storefront) is what the provider subscribes to. The
 * storefront may pass only its return addresses; what addPlategaSessionContext added (just before)
 * stays.
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
    const kept = ["return_url", "failed_url", ...SESSION_CONTEXT_KEYS]
    const data = Object.fromEntries(
      kept.filter((k) => typeof given[k] === "string").map((k) => [k, given[k]]),
    )
    // `pay` starts the payment now (see providers/platega/core/payment-start.ts).
    const pay = given.pay === true ? { pay: true } : {}
    req.body = { ...body, data: { ...data, ...pay, plan } }
    next()
  } catch (e) {
    next(e)
  }
}
