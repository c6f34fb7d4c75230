import { completeCartWorkflow } from "@medusajs/medusa/core-flows"
import { MedusaError } from "@medusajs/framework/utils"
import { describePlan, planSchema, samePlan } from "../../modules/platega"
import { isSubscriptionProvider } from "../../providers/platega"
import { cartSubscriptionPlan } from "../subscriptions/cart-plan"

type Session = { provider_id?: string; status?: string; data?: Record<string, unknown> | null }

/**
 * A cart paid by subscription is completed only while it still holds the plan its Platega
 * subscription was made for (items or plans may have changed since the session was created).
 * Checked before the payment is authorized; a cart whose payment went through is left alone.
 */
completeCartWorkflow.hooks.validate(async ({ cart }, { container }) => {
  const sessions = ((cart as { payment_collection?: { payment_sessions?: Session[] } })
    .payment_collection?.payment_sessions ?? []) as Session[]
  const session = sessions.find(
    (s) => isSubscriptionProvider(s.provider_id) && s.status === "pending",
  )
  if (!session) return
  const subscribed = planSchema.safeParse(session.data?.plan)
  const plan = await cartSubscriptionPlan(container, (cart as { id: string }).id)
  if (!subscribed.success || !samePlan(plan, subscribed.data)) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `Platega subscription: the cart's plan is now ${describePlan(plan)}, not the one its subscription was made for; choose the payment again`,
    )
  }
})
