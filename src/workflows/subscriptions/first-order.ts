import type { IPaymentModuleService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { completeCartWorkflow } from "@medusajs/medusa/core-flows"
import type { Subscription } from "../../lib/platega"
import {
  PLATEGA_MODULE,
  successfulCharges,
  withHandedReads,
  type PlategaModuleService,
} from "../../modules/platega"
import { withCartLock } from "../checkout/settle-checkout"
import { errorMessage } from "../error-message"
import { orderOfCart } from "../module-link-reads"
import { stopAtPlatega } from "./steps/cancel-subscription"
import type { SubscriptionRecord } from "./subscription-record"

type Container = Pick<MedusaContainer, "resolve">

const platega = (c: Container) => c.resolve<PlategaModuleService>(PLATEGA_MODULE)

/**
 * Ties the checkout's order to its subscription through the Medusa module link of
 * src/links/platega-subscription-order.ts (idempotent: module links are upserted).
 */
async function linkFirstOrderToSubscription(
  container: Container,
  record: SubscriptionRecord,
  orderId: string,
): Promise<void> {
  if (record.first_order_id === orderId) return
  await container.resolve(ContainerRegistrationKeys.LINK).create({
    [PLATEGA_MODULE]: { platega_subscription_id: record.id },
    [Modules.ORDER]: { order_id: orderId },
  })
  await platega(container).updatePlategaSubscriptions({ id: record.id, first_order_id: orderId })
  record.first_order_id = orderId
}

/** What the first charge came to: the checkout's order, or a checkout that had moved on. */
export interface FirstOrder {
  order_id?: string
  /**
   * Charged after its checkout session was deleted (the shopper chose another method): no order,
   * the subscription cancelled at Platega, and the charge left for a refund.
   */
  abandoned?: true
}

/**
 * Whether the checkout's session is gone: Medusa deletes it for good when the shopper starts
 * another method or changes the cart.
 */
async function checkoutLeft(container: Container, sessionId: string): Promise<boolean> {
  const found = await container
    .resolve(Modules.PAYMENT)
    .listPaymentSessions({ id: sessionId }, { select: ["id"], take: 1 })
  return found.length === 0
}

/**
 * The checkout's order, made from the cart once Platega took the first charge: under the cart's
 * lock (where a change of method takes its turn, see settle-checkout.ts) its session is authorized
 * with the read that found the charge, then the cart completed by Medusa's own workflow, outside
 * that read (an order placed starts other work, which must read afresh). A checkout that moved
 * on to another method before the charge gets no order: the subscription is cancelled at Platega
 * (it would go on charging for nothing), and the caller flags the charge for a refund. Empty while
 * there is nothing to order yet. Called under the subscription's lock.
 */
export async function ensureFirstOrder(
  container: Container,
  record: SubscriptionRecord,
  sub: Subscription,
): Promise<FirstOrder> {
  if (record.first_order_id) return { order_id: record.first_order_id }
  const charged = successfulCharges(sub) > 0
  const turn = await withCartLock(container, record.cart_id, async () => {
    if (await checkoutLeft(container, record.payment_session_id)) return "left"
    if (await orderOfCart(container, record.cart_id)) return "ordered"
    if (!charged) return "waiting"
    await withHandedReads({ subscriptions: [sub] }, () =>
      container
        .resolve<IPaymentModuleService>(Modules.PAYMENT)
        .authorizePaymentSession(record.payment_session_id, {}),
    )
    return "authorized"
  })
  if (turn === "left") {
    if (!charged) return {}
    await stopOrNote(container, record)
    return { abandoned: true }
  }
  if (turn === "waiting") return {}
  if (turn === "authorized") {
    try {
      await completeCartWorkflow(container as MedusaContainer).run({
        input: { id: record.cart_id },
      })
    } catch (e) {
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .warn(
          `Platega: cart ${record.cart_id} of subscription ${record.platega_id}: ${errorMessage(e)}`,
        )
    }
  }
  const orderId = await orderOfCart(container, record.cart_id)
  if (!orderId) {
    throw new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      `Subscription ${record.platega_id} has charged, but its cart ${record.cart_id} could not be completed`,
    )
  }
  await linkFirstOrderToSubscription(container, record, orderId)
  return { order_id: orderId }
}

/**
 * A subscription whose checkout moved on, stopped at Platega. Should Platega refuse, the charge's
 * case still opens (the money comes first): the refusal is left on the subscription for the
 * merchant, who cancels it from its page.
 */
async function stopOrNote(container: Container, record: SubscriptionRecord): Promise<void> {
  try {
    await stopAtPlatega(container, record, "store")
  } catch (e) {
    await platega(container).updatePlategaSubscriptions({
      id: record.id,
      attention: `Its checkout moved on to another payment method after it was made, and cancelling it at Platega failed: ${errorMessage(e)}. Cancel it from this page.`,
    })
  }
}
