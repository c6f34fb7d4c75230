import { completeCartWorkflow } from "@medusajs/medusa/core-flows"
import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { describePlan, planSchema, samePlan } from "../../modules/platega"
import { isSubscriptionProvider } from "../../providers/platega"
import { settleWaitingCheckout } from "../checkout/settle-checkout"
import { cartSubscriptionPlan } from "../subscriptions/cart-plan"

type Session = {
  id: string
  provider_id?: string
  status: string
  data?: Record<string, unknown> | null
}
type Cart = { id: string; payment_collection?: { payment_sessions?: Session[] | null } | null }

/**
 * Medusa's cart completion runs this under the cart's lock, before it makes the order (and long
 * before it authorizes the payment): whatever would make it roll the order back is refused here,
 * so a refused completion spends no order number.
 */
completeCartWorkflow.hooks.validate(async ({ cart }, { container }) => {
  const sessions = (cart as Cart).payment_collection?.payment_sessions ?? []
  await checkSubscriptionPlan(container, cart as Cart, sessions)
  const paying = sessions.find(
    (s) =>
      s.provider_id?.startsWith("pp_platega") &&
      !["canceled", "error"].includes(s.status) &&
      (typeof s.data?.transaction_id === "string" || typeof s.data?.subscription_id === "string"),
  )
  // A Platega payment is settled at the checkout's meeting point: paid → authorized with its one
  // read; pending or declined → refused before the order exists.
  if (paying) await settleWaitingCheckout(container, paying)
})

/**
 * A cart paid by subscription is completed only while it still holds the plan its Platega
 * subscription was made for (items or plans may have changed since the session was created).
 * A cart whose payment went through is left alone.
 */
async function checkSubscriptionPlan(container: MedusaContainer, cart: Cart, sessions: Session[]) {
  const session = sessions.find(
    (s) => isSubscriptionProvider(s.provider_id) && s.status === "pending",
  )
  if (!session) return
  const subscribed = planSchema.safeParse(session.data?.plan)
  const plan = await cartSubscriptionPlan(container, cart.id)
  if (!subscribed.success || !samePlan(plan, subscribed.data)) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `Platega subscription: the cart's plan is now ${describePlan(plan)}, not the one its subscription was made for; choose the payment again`,
    )
  }
}
