import type { InferTypeOf, IPaymentModuleService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { completeCartWorkflow } from "@medusajs/medusa/core-flows"
import type { Subscription } from "../../lib/platega"
import {
  PLATEGA_MODULE,
  isFinalSubscriptionStatus,
  recordStatus,
  sessionIdInDescription,
  statusEvent,
  successfulCharges,
  withHandedReads,
  type PlategaModuleService,
} from "../../modules/platega"
import type { PlategaSubscription } from "../../modules/platega/models/subscription"
import { isSubscriptionProvider } from "../../providers/platega"
import { cartSnapshot } from "./snapshot"
import { cartOfPaymentCollection, orderOfCart } from "../link-reads"

export type SubscriptionRecord = Omit<InferTypeOf<typeof PlategaSubscription>, "charges">
type Container = Pick<MedusaContainer, "resolve">

const platega = (c: Container) => c.resolve<PlategaModuleService>(PLATEGA_MODULE)

async function findSubscriptionRecord(
  container: Container,
  plategaId: string,
): Promise<SubscriptionRecord | undefined> {
  const [record] = await platega(container).listPlategaSubscriptions(
    { platega_id: plategaId.toLowerCase() },
    { take: 1 },
  )
  return record as SubscriptionRecord | undefined
}

function isUniqueViolation(e: unknown): boolean {
  const text = `${(e as { message?: string })?.message ?? ""} ${(e as { code?: string })?.code ?? ""}`
  return /already exists|duplicate key|unique/i.test(text) || text.includes("23505")
}

/**
 * The checkout's payment session that made a Platega subscription: the one whose data carries its
 * id (a subscription made before the description stopped naming its session is found by that).
 */
async function sessionOfSubscription(
  container: Container,
  plategaId: string,
): Promise<string | undefined> {
  const sessions = await container
    .resolve(Modules.PAYMENT)
    .listPaymentSessions(
      { data: { subscription_id: plategaId } } as Parameters<
        IPaymentModuleService["listPaymentSessions"]
      >[0],
      { select: ["id", "provider_id"], take: 5 },
    )
  return sessions.find((s) => isSubscriptionProvider(s.provider_id))?.id
}

/**
 * The store's record of a Platega subscription, created on first sight from the checkout it
 * belongs to: the payment session whose data carries this very subscription id. Undefined when the subscription is not this store's.
 */
export async function ensureSubscriptionRecord(
  container: Container,
  sub: Subscription,
): Promise<SubscriptionRecord | undefined> {
  const existing = await findSubscriptionRecord(container, sub.id)
  if (existing) return existing
  const sessionId =
    sessionIdInDescription(sub.description) ?? (await sessionOfSubscription(container, sub.id))
  if (!sessionId) return undefined
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: sessions } = await query.graph({
    entity: "payment_session",
    fields: ["id", "provider_id", "data", "amount", "currency_code", "payment_collection_id"],
    filters: { id: sessionId },
  })
  const session = sessions[0]
  const data = (session?.data ?? {}) as { subscription_id?: string; plan?: unknown }
  if (
    !session ||
    !isSubscriptionProvider(session.provider_id) ||
    data.subscription_id?.toLowerCase() !== sub.id.toLowerCase()
  ) {
    return undefined
  }
  const cartId = await cartOfPaymentCollection(container, session.payment_collection_id)
  if (!cartId) return undefined
  const snapshot = await cartSnapshot(container, cartId, session.provider_id)
  const plan = data.plan as { interval: SubscriptionRecord["interval"]; interval_count: number }
  try {
    const created = await platega(container).createPlategaSubscriptions({
      platega_id: sub.id.toLowerCase(),
      // Where every subscription starts; the read applied next moves it on (and announces it).
      status: "PendingAgreement",
      interval: plan.interval,
      interval_count: plan.interval_count,
      amount: session.amount,
      currency_code: session.currency_code,
      customer_email: sub.customerEmail ?? snapshot.email,
      customer_id: snapshot.customer_id,
      cart_id: cartId,
      payment_session_id: session.id,
      snapshot: snapshot as unknown as Record<string, unknown>,
    })
    if (snapshot.customer_id) {
      await container.resolve(ContainerRegistrationKeys.LINK).create({
        [PLATEGA_MODULE]: { platega_subscription_id: created.id },
        [Modules.CUSTOMER]: { customer_id: snapshot.customer_id },
      })
    }
    return created as SubscriptionRecord
  } catch (e) {
    // Created at the same moment by another delivery: that record is the one.
    if (isUniqueViolation(e)) return findSubscriptionRecord(container, sub.id)
    throw e
  }
}

function date(value: string | null | undefined): Date | null {
  if (!value) return null
  const d = new Date(value)
  return Number.isNaN(d.getTime()) ? null : d
}

/**
 * Brings the record in step with Platega's read: status (the text form, or the raw value when
 * unknown), dates, the payer's e-mail and the charge count. A change of status is announced
 * (platega.subscription.activated, .past_due, .cancelled, .failed).
 */
export async function applyPlategaRead(
  container: Container,
  given: SubscriptionRecord,
  sub: Subscription,
  read: string = recordStatus(sub.status),
): Promise<SubscriptionRecord> {
  // Read again: a caller may hold a copy from before the lock (a cancel may have landed since).
  const [fresh] = await platega(container).listPlategaSubscriptions({ id: given.id }, { take: 1 })
  const record = (fresh as SubscriptionRecord | undefined) ?? given
  // Cancelled and Failed are for good: a lagging read that still says Active does not undo them.
  const status =
    isFinalSubscriptionStatus(record.status) && !isFinalSubscriptionStatus(read)
      ? record.status
      : read
  const updated = (await platega(container).updatePlategaSubscriptions({
    id: record.id,
    status,
    started_at: date(sub.startAt) ?? record.started_at,
    // A stopped subscription is never charged again, whatever date Platega still shows.
    next_charge_at: isFinalSubscriptionStatus(status)
      ? null
      : date(sub.nextChargeAt ?? sub.chargeMetrics?.nextChargeAt),
    last_charge_at:
      date(sub.lastChargeAt ?? sub.chargeMetrics?.lastChargeAt) ?? record.last_charge_at,
    customer_email: sub.customerEmail ?? record.customer_email,
    platega_charges_success: sub.chargeMetrics?.chargesSuccess ?? record.platega_charges_success,
    synced_at: new Date(),
    // Cancelled at Platega (by the payer, or in its dashboard), not through this store.
    ...(status === "Cancelled" &&
      !record.cancelled_at && { cancelled_at: new Date(), cancelled_by: "platega" }),
  })) as SubscriptionRecord
  const event = statusEvent(record.status, status)
  if (event) {
    await container.resolve(Modules.EVENT_BUS).emit({
      name: event,
      data: {
        id: record.id,
        platega_id: record.platega_id,
        status,
        ...(status === "Cancelled" && { cancelled_by: updated.cancelled_by }),
      },
    })
  }
  return updated
}

/** As long as Medusa's own cart completion waits for the cart's lock. */
const CART_LOCK_WAIT_SECONDS = 30

/** Ties the checkout's order to its subscription (idempotent: links are upserted). */
async function linkFirstOrder(
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

/**
 * The checkout's order, made from the cart once Platega took the first charge: its session
 * authorized under the cart's lock (the lock the shopper's own completion takes) with the read
 * that found the charge, then the cart completed by Medusa's own workflow, outside that read (an
 * order placed starts other work, which must read afresh). Undefined while there is nothing to
 * order yet.
 */
export async function ensureFirstOrder(
  container: Container,
  record: SubscriptionRecord,
  sub: Subscription,
): Promise<string | undefined> {
  if (record.first_order_id) return record.first_order_id
  let orderId = await orderOfCart(container, record.cart_id)
  if (!orderId && successfulCharges(sub) > 0) {
    await container
      .resolve(Modules.LOCKING)
      .execute(
        record.cart_id,
        () =>
          withHandedReads({ subscriptions: [sub] }, () =>
            container
              .resolve<IPaymentModuleService>(Modules.PAYMENT)
              .authorizePaymentSession(record.payment_session_id, {}),
          ),
        { timeout: CART_LOCK_WAIT_SECONDS },
      )
    try {
      await completeCartWorkflow(container as MedusaContainer).run({
        input: { id: record.cart_id },
      })
    } catch (e) {
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .warn(`Platega: cart ${record.cart_id} of subscription ${record.platega_id}: ${e}`)
    }
    orderId = await orderOfCart(container, record.cart_id)
    if (!orderId) {
      throw new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        `Subscription ${record.platega_id} has charged, but its cart ${record.cart_id} could not be completed`,
      )
    }
  }
  if (orderId) await linkFirstOrder(container, record, orderId)
  return orderId
}
