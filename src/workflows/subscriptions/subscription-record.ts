import type { InferTypeOf, IPaymentModuleService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { Subscription } from "../../lib/platega"
import {
  PLATEGA_MODULE,
  isFinalSubscriptionStatus,
  recordStatus,
  sessionIdInDescription,
  statusEvent,
  type PlategaModuleService,
} from "../../modules/platega"
import type { PlategaSubscription } from "../../modules/platega/models/subscription"
import { isSubscriptionProvider } from "../../providers/platega"
import { cartSnapshot } from "./snapshot"
import { cartOfPaymentCollection } from "../module-link-reads"

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
 * belongs to: the payment session whose data carries this very subscription id. Undefined when
 * the subscription is not this store's.
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
  return recordFromSession(container, sessionId, sub.id, sub.customerEmail)
}

type CheckoutSession = { id: string; provider_id: string; data?: Record<string, unknown> | null }

/**
 * Records the subscriptions a collection's checkout sessions made, before Medusa deletes those
 * sessions (a change of method, or of the cart): Medusa deletes a session for good, and a payer
 * may still bind its subscription afterwards. Its record keeps it this store's, to show, cancel
 * and refund (first-order.ts). Nothing is read from Platega.
 */
export async function recordSubscriptionCheckouts(
  container: Container,
  sessions: CheckoutSession[],
): Promise<void> {
  for (const s of sessions) {
    const id = s.data?.subscription_id
    if (!isSubscriptionProvider(s.provider_id) || typeof id !== "string" || s.data?.renewal_of) {
      continue
    }
    if (!(await findSubscriptionRecord(container, id))) {
      await recordFromSession(container, s.id, id, undefined)
    }
  }
}

/** The record made from the checkout session of subscription `plategaId` (see above). */
async function recordFromSession(
  container: Container,
  sessionId: string,
  plategaId: string,
  payerEmail: string | null | undefined,
): Promise<SubscriptionRecord | undefined> {
  const [session] = await container.resolve(Modules.PAYMENT).listPaymentSessions(
    { id: sessionId },
    {
      select: ["id", "provider_id", "data", "amount", "currency_code", "payment_collection_id"],
      take: 1,
    },
  )
  const data = (session?.data ?? {}) as { subscription_id?: string; plan?: unknown }
  if (
    !session ||
    !isSubscriptionProvider(session.provider_id) ||
    data.subscription_id?.toLowerCase() !== plategaId.toLowerCase()
  ) {
    return undefined
  }
  const cartId = await cartOfPaymentCollection(container, session.payment_collection_id)
  if (!cartId) return undefined
  const snapshot = await cartSnapshot(container, cartId, session.provider_id)
  const plan = data.plan as { interval: SubscriptionRecord["interval"]; interval_count: number }
  try {
    const created = await platega(container).createPlategaSubscriptions({
      platega_id: plategaId.toLowerCase(),
      // Where every subscription starts; the read applied next moves it on (and announces it).
      status: "PendingAgreement",
      interval: plan.interval,
      interval_count: plan.interval_count,
      // A bigNumber field takes Medusa's BigNumber value as it is (typed as a number here).
      amount: session.amount as unknown as number,
      currency_code: session.currency_code,
      customer_email: payerEmail ?? snapshot.email,
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
    if (isUniqueViolation(e)) return findSubscriptionRecord(container, plategaId)
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
