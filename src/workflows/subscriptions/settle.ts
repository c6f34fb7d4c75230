// Over 300 lines: a charge's whole path (confirm, record, claim, renewal order, mark) in one
// place, each part a function of its own; the next step is to make them a workflow's named steps.
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import {
  classifyTransactionStatus,
  isPlategaError,
  paymentMethodCode,
  SUBSCRIPTION_METHOD_CODE,
  type PlategaClient,
  type Subscription,
  type TransactionStatus,
} from "../../lib/platega"
import {
  isFinalSubscriptionStatus,
  PLATEGA_MODULE,
  sessionIdInDescription,
  type PlategaModuleService,
} from "../../modules/platega"
import { paymentMismatch, toDecimalString } from "../../providers/platega"
import type { OutcomeRecord } from "../steps/mark-platega-callback"
import { createRenewalOrderWorkflow } from "./create-renewal-order"
import {
  applyPlategaRead,
  ensureFirstOrder,
  ensureSubscriptionRecord,
  type SubscriptionRecord,
} from "./subscription-record"

type Container = Pick<MedusaContainer, "resolve">

/** How long one process may spend building a renewal order before another may take over. */
const CLAIM_SECONDS = 300
/** How long a delivery waits for another one working on the same subscription. */
const LOCK_TIMEOUT_SECONDS = 120

/**
 * Runs `fn` while holding the subscription's lock (Medusa's locking module): deliveries and sync
 * runs for one subscription take turns; different subscriptions run side by side.
 */
export async function withSubscriptionLock<T>(
  container: Container,
  plategaId: string,
  fn: () => Promise<T>,
): Promise<T> {
  const locking = container.resolve(Modules.LOCKING)
  return locking.execute(`platega-subscription:${plategaId.toLowerCase()}`, fn, {
    timeout: LOCK_TIMEOUT_SECONDS,
  })
}

async function readOrNotFound<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read()
  } catch (e) {
    if (isPlategaError(e) && e.httpStatus === 404) return undefined
    throw e
  }
}

export interface SettleStatusInput {
  subscription_id: string
  /** The status a callback claimed; Platega's own read decides. */
  claimed_status?: string
}

/**
 * A subscription's status, in step with Platega's own read (never with what a callback claims):
 * the record is created on first sight, updated, and the checkout's order made once Platega took
 * the first charge.
 */
export async function settleSubscriptionStatus(
  container: Container,
  input: SettleStatusInput,
): Promise<OutcomeRecord> {
  const client = await container.resolve<PlategaModuleService>(PLATEGA_MODULE).getClient()
  return withSubscriptionLock(container, input.subscription_id, async () => {
    const sub = await readOrNotFound(() => client.getSubscription(input.subscription_id))
    if (!sub) {
      return {
        outcome: "ignored",
        detail: `Platega does not know subscription ${input.subscription_id}`,
      }
    }
    const found = await ensureSubscriptionRecord(container, sub)
    if (!found) {
      return {
        outcome: "ignored",
        detail: `Subscription ${sub.id} was not made by this store's checkout`,
      }
    }
    const record = await applyPlategaRead(container, found, sub)
    const orderId = await ensureFirstOrder(container, record, sub)
    return {
      outcome: "recorded",
      session_id: record.payment_session_id,
      order_id: orderId,
      detail: `Subscription ${record.status}${input.claimed_status ? ` (callback: ${input.claimed_status})` : ""}`,
    }
  })
}

export interface SettleChargeInput {
  /** The charge's transaction id. */
  charge_id: string
  subscription_id: string
  source: "callback" | "sync"
  claimed_status?: string
  /**
   * False for a callback that came without merchant headers: its SubscriptionId is only a hint,
   * and the charge is taken only when Platega's read of it names the subscription's checkout.
   */
  body_trusted?: boolean
}

/**
 * One subscription charge, confirmed by GET /transaction/{id}, into the store: a CONFIRMED charge
 * pays the checkout's order (the first one) or becomes one renewal order, exactly once per charge
 * id under the subscription's lock and the charge's unique record; a CANCELED charge makes the
 * subscription PastDue and no order.
 */
export async function settleSubscriptionCharge(
  container: Container,
  input: SettleChargeInput,
): Promise<OutcomeRecord> {
  const client = await container.resolve<PlategaModuleService>(PLATEGA_MODULE).getClient()
  const tx = await readOrNotFound(() => client.getTransaction(input.charge_id))
  if (!tx) {
    return { outcome: "ignored", detail: `Platega does not know transaction ${input.charge_id}` }
  }
  const state = classifyTransactionStatus(tx.status)
  if (
    input.claimed_status &&
    (state === "pending" || state === "unknown") &&
    classifyTransactionStatus(input.claimed_status) !== state
  ) {
    return {
      outcome: "unconfirmed",
      detail: `The callback says ${input.claimed_status}; Platega says ${tx.status}`,
    }
  }
  return withSubscriptionLock(container, input.subscription_id, () =>
    settleLocked(container, client, tx, input),
  )
}

async function settleLocked(
  container: Container,
  client: PlategaClient,
  tx: TransactionStatus,
  input: SettleChargeInput,
): Promise<OutcomeRecord> {
  const state = classifyTransactionStatus(tx.status)
  const sub = await readOrNotFound(() => client.getSubscription(input.subscription_id))
  const found = sub ? await ensureSubscriptionRecord(container, sub) : undefined
  if (!sub || !found) {
    return state === "confirmed"
      ? {
          outcome: "flagged",
          detail: `Charge ${tx.id} (${tx.paymentDetails.amount} ${tx.paymentDetails.currency}) is paid but belongs to no subscription of this store (${input.subscription_id}): refund or fulfil it by hand`,
        }
      : { outcome: "ignored", detail: `Charge ${tx.id} (${tx.status}) is not this store's` }
  }
  const ids = { session_id: found.payment_session_id }
  if (input.body_trusted === false && !chargeOfCheckout(tx, found)) {
    return {
      ...ids,
      outcome: "ignored",
      detail: `Charge ${tx.id} came without merchant headers and Platega's read does not tie it to subscription ${sub.id}: left to the subscription sync`,
    }
  }
  const wrong = chargeMismatch(tx, found)
  if (wrong) {
    await applyPlategaRead(container, found, sub)
    return { ...ids, outcome: "flagged", detail: `Charge ${tx.id} not accepted: ${wrong}` }
  }
  const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
  const charge = await platega.recordSubscriptionCharge({
    platega_id: tx.id,
    subscription_id: found.id,
    status: tx.status,
    amount: toDecimalString(tx.paymentDetails.amount, tx.paymentDetails.currency),
    currency_code: tx.paymentDetails.currency.toLowerCase(),
    charged_at: tx.createdAt ? new Date(tx.createdAt) : new Date(),
    source: input.source,
  })

  if (state === "canceled") {
    // Platega does not retry a failed charge: the subscription is PastDue until it ends.
    const status = isFinalSubscriptionStatus(found.status) ? found.status : "PastDue"
    await applyPlategaRead(container, found, sub, status)
    return { ...ids, outcome: "recorded", detail: `Charge ${tx.id} failed: subscription ${status}` }
  }
  const record = await applyPlategaRead(container, found, sub)
  if (state !== "confirmed") {
    return { ...ids, outcome: "recorded", detail: `Charge ${tx.id} is ${tx.status}: nothing to do` }
  }
  if (charge.order_id) {
    return {
      ...ids,
      order_id: charge.order_id,
      outcome: "captured",
      detail: `Charge ${tx.id} already paid order ${charge.order_id}`,
    }
  }
  const kind = charge.kind ?? (await firstOrRenewal(container, record.id))
  if (!charge.kind) await platega.updatePlategaSubscriptionCharges({ id: charge.id, kind })
  if (kind === "first") return payFirstOrder(container, record, sub, charge.id, tx)
  return renew(container, record, charge.id, tx)
}

/**
 * Whether Platega's own read of a charge names the checkout its subscription was made by: the
 * payload the store sent (the payment session id), or for a subscription made before the payload
 * was sent, the session id in its description.
 */
function chargeOfCheckout(tx: TransactionStatus, record: SubscriptionRecord): boolean {
  const session = record.payment_session_id
  if (tx.payload) return tx.payload === session
  return sessionIdInDescription(tx.description) === session
}

/** Why a charge is not what its subscription charges; undefined when it is. */
function chargeMismatch(tx: TransactionStatus, record: SubscriptionRecord): string | undefined {
  const method = tx.paymentMethod == null ? undefined : paymentMethodCode(tx.paymentMethod)
  if (method !== undefined && method !== SUBSCRIPTION_METHOD_CODE) {
    return `it is a payment by method ${tx.paymentMethod}, not a subscription charge`
  }
  return paymentMismatch(
    { amount: record.amount, currency_code: record.currency_code },
    { paymentDetails: tx.paymentDetails },
  )
}

/**
 * The first successful charge known for a subscription pays the checkout's order; every later
 * one is a renewal. Platega charges the same amount every time, so should a renewal's callback
 * come in before the first one's (the first lost), the count of orders still comes out right.
 */
async function firstOrRenewal(
  container: Container,
  subscriptionId: string,
): Promise<"first" | "renewal"> {
  const [first] = await container
    .resolve<PlategaModuleService>(PLATEGA_MODULE)
    .listPlategaSubscriptionCharges(
      { subscription_id: subscriptionId, kind: "first" },
      { take: 1, select: ["id"] },
    )
  return first ? "renewal" : "first"
}

async function payFirstOrder(
  container: Container,
  record: SubscriptionRecord,
  sub: Subscription,
  chargeRowId: string,
  tx: TransactionStatus,
): Promise<OutcomeRecord> {
  const ids = { session_id: record.payment_session_id }
  const orderId = await ensureFirstOrder(container, record, sub)
  if (!orderId) {
    return { ...ids, outcome: "pending", detail: "First charge paid; the order is not made yet" }
  }
  await container
    .resolve<PlategaModuleService>(PLATEGA_MODULE)
    .updatePlategaSubscriptionCharges({ id: chargeRowId, order_id: orderId, error: null })
  await rememberFirstCharge(container, record.payment_session_id, tx.id)
  return {
    ...ids,
    order_id: orderId,
    outcome: "captured",
    detail: `First charge ${tx.id} paid the checkout's order ${orderId}`,
  }
}

/** The checkout's payment learns which charge paid it: that is the transaction a refund returns. */
async function rememberFirstCharge(
  container: Container,
  sessionId: string,
  chargeId: string,
): Promise<void> {
  const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "payment",
    fields: ["id", "data"],
    filters: { payment_session_id: sessionId },
  })
  const payment = data[0]
  if (!payment || (payment.data as { first_charge_id?: string })?.first_charge_id) return
  await container.resolve(Modules.PAYMENT).updatePayment({
    id: payment.id,
    data: { ...(payment.data ?? {}), first_charge_id: chargeId },
  } as { id: string })
}

async function renew(
  container: Container,
  record: SubscriptionRecord,
  chargeRowId: string,
  tx: TransactionStatus,
): Promise<OutcomeRecord> {
  const ids = { session_id: record.payment_session_id }
  const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
  // Another process (another instance, without a shared lock) may be building this very order.
  if (!(await platega.claimSubscriptionCharge(chargeRowId, CLAIM_SECONDS))) {
    return { ...ids, outcome: "pending", detail: `Charge ${tx.id}: its order is being made` }
  }
  try {
    const { result } = await createRenewalOrderWorkflow(container as MedusaContainer).run({
      input: { subscription_id: record.id, charge_id: chargeRowId },
    })
    return {
      ...ids,
      order_id: result.order_id,
      outcome: "captured",
      detail: `Charge ${tx.id} (${tx.paymentDetails.amount} ${tx.paymentDetails.currency}): renewal order ${result.order_id}`,
    }
  } catch (e) {
    const message = (e as { message?: string })?.message ?? String(e)
    await platega.updatePlategaSubscriptionCharges({
      id: chargeRowId,
      claimed_until: null,
      error: message.slice(0, 1000),
    })
    throw e
  }
}

/** For the sync job: the CONFIRMED charges the store holds, and those still without an order. */
export async function heldCharges(
  container: Container,
  subscriptionId: string,
): Promise<{ confirmed: Set<string>; unordered: { platega_id: string; error: string | null }[] }> {
  const charges = await container
    .resolve<PlategaModuleService>(PLATEGA_MODULE)
    .listPlategaSubscriptionCharges(
      { subscription_id: subscriptionId },
      { select: ["platega_id", "status", "order_id", "error"], take: 100_000 },
    )
  const confirmed = charges.filter((c) => classifyTransactionStatus(c.status) === "confirmed")
  return {
    confirmed: new Set(confirmed.map((c) => c.platega_id)),
    unordered: confirmed
      .filter((c) => !c.order_id)
      .map((c) => ({ platega_id: c.platega_id, error: c.error ?? null })),
  }
}
