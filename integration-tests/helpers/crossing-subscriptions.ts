import { PLATEGA_MODULE, type PlategaModuleService } from "../../src/modules/platega"
import { SBP, createCart, eventually } from "./checkout"
import { SETUP_WAIT_MS, paymentEvents, refusedOr, said, startOn } from "./crossing-payments"
import { newLane, type CrossingEvent, type Lane, type LaneState, type Stage } from "./crossings"
import { SUBSCRIPTION, setPlan, subscriptionState } from "./subscriptions"
import { settleSubscriptionStatus } from "../../src/workflows/subscriptions/settle-status"
import type { SubscriptionRecord } from "../../src/workflows/subscriptions/subscription-record"
import { syncPlategaSubscription } from "../../src/workflows/subscriptions/sync-subscription"

// A subscription's events of the three actors, each on one lane (one cart of the plan variant).

const any = { validateStatus: () => true }

/** The store's record id of the lane's subscription. */
async function recordId(stage: Stage, lane: Lane): Promise<string | undefined> {
  const [record] = await stage.container
    .resolve<PlategaModuleService>(PLATEGA_MODULE)
    .listPlategaSubscriptions({ platega_id: lane.subscriptionId!.toLowerCase() }, { take: 1 })
  return record?.id
}

/**
 * The sync job reaching this lane's subscription, with the workflow the job runs for it: a live
 * one (or one left with a note) is synced whole; an unpaid checkout has its status settled.
 * The job's choice of what to look at is tested in subscriptions.spec; a run over every
 * subscription the spec has made would cost each crossing more than the rest of it.
 */
async function syncLane(stage: Stage, lane: Lane) {
  const platega = stage.container.resolve<PlategaModuleService>(PLATEGA_MODULE)
  const [record] = await platega.listPlategaSubscriptions(
    { platega_id: lane.subscriptionId!.toLowerCase() },
    { take: 1 },
  )
  const live = record && (!["Cancelled", "Failed"].includes(record.status) || record.attention)
  if (live) return syncPlategaSubscription(stage.container, record as SubscriptionRecord)
  return settleSubscriptionStatus(stage.container, { subscription_id: lane.subscriptionId! })
}

// The sync job's runs never overlap, as the scheduled job's lock keeps them.
let syncing: Promise<unknown> = Promise.resolve()

export const subscriptionEvents = {
  // the shopper
  startSubscription: {
    name: "start-subscription",
    run: async (s, l) => {
      const answer = await startOn(s, l, SUBSCRIPTION)
      return answer
    },
  },
  switchToSbp: { name: "switch-to-sbp", run: (s, l) => startOn(s, l, SBP) },
  complete: paymentEvents.complete,
  returnPage: paymentEvents.returnPage,

  // Platega
  bind: {
    name: "bind",
    run: (s, l) => refusedOr(() => s.sandbox.control.bindSubscription(l.subscriptionId!)),
  },
  declineSubscription: {
    name: "decline-subscription",
    run: (s, l) => refusedOr(() => s.sandbox.control.declineSubscription(l.subscriptionId!)),
  },
  charge: {
    name: "charge",
    run: (s, l) =>
      refusedOr(() => s.sandbox.control.chargeSubscription(l.subscriptionId!, "success")),
  },
  chargeFails: {
    name: "charge-fails",
    run: (s, l) => refusedOr(() => s.sandbox.control.chargeSubscription(l.subscriptionId!, "fail")),
  },
  duplicateCharge: {
    name: "duplicate-charge",
    run: async (s, l) => {
      const sub = await s.sandbox.control.getSubscription(l.subscriptionId!)
      const last = sub?.chargeIds.at(-1)
      if (!last) return "no charge yet"
      await s.sandbox.control.fireCallback(last)
      return `sent ${last}`
    },
  },
  payerCancels: {
    name: "payer-cancels",
    run: (s, l) => refusedOr(() => s.sandbox.control.payerCancelSubscription(l.subscriptionId!)),
  },

  // the store
  sync: {
    name: "sync",
    run: async (s, l) => {
      const run = syncing.then(() => syncLane(s, l))
      syncing = run.catch(() => undefined)
      return `sync ${JSON.stringify(await run).slice(0, 120)}`
    },
  },
  reconcile: paymentEvents.reconcile,
  adminCancels: {
    name: "admin-cancels",
    run: async (s, l) => {
      const id = await recordId(s, l)
      if (!id) return "no record"
      return said(
        await s.api.post(`/admin/platega/subscriptions/${id}/cancel`, {}, { ...s.admin, ...any }),
      )
    },
  },
} satisfies Record<string, CrossingEvent>

async function pending(stage: Stage): Promise<Lane> {
  const lane = newLane(await createCart(stage.api, stage.store))
  const answer = await startOn(stage, lane, SUBSCRIPTION)
  if (!lane.subscriptionId) throw new Error(`the subscription did not start: ${answer}`)
  return lane
}

/** A subscription's states and the events that act on it in each. */
export function subscriptionStates(): LaneState[] {
  const e = subscriptionEvents
  return [
    {
      name: "sub-pending",
      setup: pending,
      events: [
        e.bind,
        e.declineSubscription,
        e.complete,
        e.returnPage,
        e.switchToSbp,
        e.sync,
        e.reconcile,
      ],
      keys: [e.bind],
      twice: [e.complete],
    },
    {
      name: "sub-active",
      setup: async (s) => {
        const lane = await pending(s)
        await s.sandbox.control.bindSubscription(lane.subscriptionId!)
        const state = await eventually(
          () => subscriptionState(s.container, lane.subscriptionId!),
          (st) => !!st.record?.first_order_id && st.charges.some((c) => c.order_id),
          SETUP_WAIT_MS,
        )
        if (!state.record?.first_order_id) throw new Error("the first order was not made")
        return lane
      },
      events: [
        e.charge,
        e.chargeFails,
        e.duplicateCharge,
        e.payerCancels,
        e.adminCancels,
        e.sync,
        e.complete,
      ],
      keys: [e.charge, e.payerCancels],
      twice: [e.adminCancels],
    },
  ]
}

/** The plan every cart of the store's variant is sold on. */
export async function prepareSubscriptions(stage: Stage): Promise<void> {
  const res = await setPlan(stage.api, stage.admin, stage.store.variantId, {
    interval: "month",
    interval_count: 1,
  })
  if (res.status !== 200) throw new Error(`the plan was refused: ${res.status}`)
}
