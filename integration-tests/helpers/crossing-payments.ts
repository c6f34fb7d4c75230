import Medusa from "@medusajs/js-sdk"
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createShippingOptionsWorkflow } from "@medusajs/medusa/core-flows"
import type { AxiosResponse } from "axios"
import { SHIPPING } from "../../demo/seed-data"
import { PLATEGA_MODULE, type PlategaModuleService } from "../../src/modules/platega"
import { reconcilePlategaPaymentsWorkflow } from "../../src/workflows/callbacks/reconcile-platega-payments"
import { postCallback, transactionCallbackBody } from "./callbacks"
import { CARD, SBP, cartOutcome, createCart, eventually, startPayment } from "./checkout"
import {
  hoursSince,
  newLane,
  type CrossingEvent,
  type Lane,
  type LaneState,
  type Stage,
} from "./crossings"

// The checkout's events of the three actors, each on one lane (one cart), and the states a lane
// is brought to before two or three of them cross.

/** What Platega's control did, or why it refused (a transaction no longer pending...). */
export async function refusedOr(act: () => Promise<{ status: string }>): Promise<string> {
  try {
    return (await act()).status
  } catch (e) {
    return `refused: ${e instanceof Error ? e.message : String(e)}`
  }
}

/** A status and a few words of an answer: "200", "400 Platega: ...". */
export function said(res: AxiosResponse): string {
  const body = res.data as { message?: string; type?: string } | undefined
  const words = body?.message ?? (res.status >= 300 ? JSON.stringify(body) : "")
  return `${res.status}${words ? ` ${String(words).slice(0, 160)}` : ""}`
}
const any = { validateStatus: () => true }

/** A second shipping option (350 RUB), so changing the shipping changes the cart's total. */
export async function addExpressShipping(container: MedusaContainer): Promise<string> {
  const fulfillment = container.resolve(Modules.FULFILLMENT)
  const [free] = await fulfillment.listShippingOptions({ name: SHIPPING.optionName })
  const [existing] = await fulfillment.listShippingOptions({ name: "Express" })
  if (existing) return existing.id
  const { result } = await createShippingOptionsWorkflow(container).run({
    input: [
      {
        name: "Express",
        price_type: "flat",
        provider_id: SHIPPING.providerId,
        service_zone_id: free.service_zone_id,
        shipping_profile_id: free.shipping_profile_id,
        type: { label: "Express", description: "Express", code: "express" },
        prices: [{ currency_code: "rub", amount: 350 }],
        rules: [
          { attribute: "enabled_in_store", value: "true", operator: "eq" },
          { attribute: "is_return", value: "false", operator: "eq" },
        ],
      },
    ],
  })
  return result[0].id
}

/** Starts a payment (or a subscription) on the lane's cart with `provider`, as a storefront does. */
export async function startOn(stage: Stage, lane: Lane, provider: string): Promise<string> {
  try {
    const session = await startPayment(stage.api, stage.store, lane.cartId, provider)
    const data = (session?.data ?? {}) as { transaction_id?: string; subscription_id?: string }
    if (!data.transaction_id && !data.subscription_id) {
      return `started no payment: ${JSON.stringify(session)}`
    }
    lane.provider = provider
    if (data.transaction_id) {
      lane.tx = data.transaction_id
      lane.txs.push(data.transaction_id)
    }
    if (data.subscription_id) {
      lane.subscriptionId = data.subscription_id
      lane.subscriptions.push(data.subscription_id)
    }
    return `200 ${provider.split("_")[1]} ${data.transaction_id ?? data.subscription_id}`
  } catch (e) {
    const res = (e as { response?: AxiosResponse }).response
    if (res) return said(res)
    throw e
  }
}

/** The kit's return page, as its finishPlategaPayment does it (a short wait). */
let kit: typeof import("medusa-payment-platega-storefront", {
  with: { "resolution-mode": "import" },
})
async function returnPage(stage: Stage, lane: Lane): Promise<string> {
  kit ??= await import("medusa-payment-platega-storefront")
  const sdk = new Medusa({
    baseUrl: stage.api.defaults.baseURL as string,
    publishableKey: stage.store.headers["x-publishable-api-key"],
  })
  const outcome = await kit.finishPlategaPayment({
    sdk,
    cartId: lane.cartId,
    // One attempt: the kit's wait repeats the same call, which the store's own events cross.
    timeoutMs: 0,
  })
  return outcome.status === "paid" ? `paid ${outcome.order.id}` : `${outcome.status}`
}

/** The cart's captured payment (its order's). */
async function capturedPayment(stage: Stage, lane: Lane) {
  const { payments } = await cartOutcome(stage.container, lane.cartId)
  return payments.find((p) => p.captured_at && !p.refunds.length)
}

// Reconciliation ticks never overlap, as the scheduled job's lock keeps them.
let tick: Promise<unknown> = Promise.resolve()

export const paymentEvents = {
  // the shopper
  startSbp: { name: "start-sbp", run: (s, l) => startOn(s, l, SBP) },
  startCard: { name: "start-card", run: (s, l) => startOn(s, l, CARD) },
  switchMethod: {
    name: "switch-method",
    run: (s, l) => startOn(s, l, l.provider === SBP ? CARD : SBP),
  },
  addItem: {
    name: "add-item",
    run: async (s, l) =>
      said(
        await s.api.post(
          `/store/carts/${l.cartId}/line-items`,
          { variant_id: s.store.variantId, quantity: 1 },
          { headers: s.store.headers, ...any },
        ),
      ),
  },
  changeShipping: {
    name: "change-shipping",
    run: async (s, l) => {
      const to = l.extra.shipping === l.extra.express ? l.extra.free : l.extra.express
      l.extra.shipping = to
      return said(
        await s.api.post(
          `/store/carts/${l.cartId}/shipping-methods`,
          { option_id: to },
          { headers: s.store.headers, ...any },
        ),
      )
    },
  },
  complete: {
    name: "complete",
    run: async (s, l) => {
      const res = await s.api.post(
        `/store/carts/${l.cartId}/complete`,
        {},
        { headers: s.store.headers, ...any },
      )
      if (res.data?.type === "order") return `order ${res.data.order.id}`
      return res.data?.type === "cart" ? `cart: ${res.data.error?.message ?? ""}` : said(res)
    },
  },
  returnPage: { name: "return-page", run: returnPage },

  // Platega
  confirm: {
    name: "confirm",
    run: (s, l) => refusedOr(() => s.sandbox.control.confirm(l.target!)),
  },
  decline: {
    name: "decline",
    run: (s, l) => refusedOr(() => s.sandbox.control.decline(l.target!)),
  },
  lateCanceled: {
    name: "late-canceled",
    run: async (s, l) =>
      said(
        await postCallback(
          s.api,
          s.sandbox,
          await transactionCallbackBody(s.sandbox, l.target!, "CANCELED"),
        ),
      ),
  },
  duplicateCallback: {
    name: "duplicate-callback",
    run: async (s, l) => {
      try {
        await s.sandbox.control.fireCallback(l.caseTx ?? l.target!)
        return "sent"
      } catch (e) {
        return `refused: ${e instanceof Error ? e.message : String(e)}`
      }
    },
  },
  chargeback: {
    name: "chargeback",
    run: (s, l) => refusedOr(() => s.sandbox.control.chargeback(l.target!)),
  },

  // the store
  reconcile: {
    name: "reconcile",
    run: async (s, l) => {
      const run = tick.then(() =>
        reconcilePlategaPaymentsWorkflow(s.container).run({
          input: { minAgeMinutes: 0, maxAgeHours: hoursSince(l) },
        }),
      )
      tick = run.catch(() => undefined)
      const { result } = await run
      return `tick ${JSON.stringify(result).slice(0, 120)}`
    },
  },
  recheck: {
    name: "recheck",
    run: async (s, l) => {
      const res = await s.api.post(
        `/admin/platega/transactions/${l.caseTx ?? l.target}/recheck`,
        {},
        { ...s.admin, ...any },
      )
      return res.status === 200
        ? `200 ${res.data.recheck.outcome} ${res.data.recheck.platega_status}`
        : said(res)
    },
  },
  caseRefund: {
    name: "case-refund",
    run: async (s, l) => {
      const { data } = await s.api.get("/admin/platega/transactions", {
        ...s.admin,
        params: { q: l.caseTx },
      })
      const open = (data.transactions[0]?.cases ?? []).find(
        (c: { refundable: boolean; resolution: unknown }) => c.refundable && !c.resolution,
      )
      if (!open) return "no open case"
      return said(
        await s.api.post(
          `/admin/platega/transactions/${l.caseTx}/cases/${open.id}/refund`,
          {},
          { ...s.admin, ...any },
        ),
      )
    },
  },
  adminRefund: {
    name: "admin-refund",
    run: async (s, l) => {
      const payment = await capturedPayment(s, l)
      if (!payment) return "no captured payment"
      return said(
        await s.api.post(
          `/admin/payments/${payment.id}/refund`,
          { amount: payment.amount },
          { ...s.admin, ...any },
        ),
      )
    },
  },
} satisfies Record<string, CrossingEvent>

// ---- states -------------------------------------------------------------------------------------

/** A cart with an item, an address and the free shipping (prepareCheckout seeded both options). */
async function cart(stage: Stage): Promise<Lane> {
  const lane = newLane(await createCart(stage.api, stage.store))
  const { free, express } = stage.extra
  Object.assign(lane.extra, { free, express, shipping: free })
  return lane
}

async function sbpPending(stage: Stage) {
  const lane = await cart(stage)
  const answer = await startOn(stage, lane, SBP)
  if (!lane.tx) throw new Error(`SBP did not start: ${answer}`)
  return lane
}

/** How long a state's setup waits for the store to act on a callback (a loaded machine is slow). */
export const SETUP_WAIT_MS = 120_000

/** Waits for a lane's cart to become an order (the confirmed callback completes it). */
async function ordered(stage: Stage, lane: Lane) {
  const outcome = await eventually(
    () => cartOutcome(stage.container, lane.cartId),
    (o) => o.orders.length > 0,
    SETUP_WAIT_MS,
  )
  if (!outcome.orders.length) throw new Error(`cart ${lane.cartId} did not become an order`)
}

/** Waits until the store has flagged a case for a transaction. */
async function flagged(stage: Stage, tx: string) {
  const platega = stage.container.resolve<PlategaModuleService>(PLATEGA_MODULE)
  const rows = await eventually(
    () =>
      platega.listPlategaCallbackEvents({ platega_id: [tx, tx.toUpperCase()], outcome: "flagged" }),
    (r) => r.length > 0,
    SETUP_WAIT_MS,
  )
  if (!rows.length) throw new Error(`no case was flagged for ${tx}`)
}

/** The checkout's states and the events that act on a cart in each. */
export function paymentStates(names: string[]): LaneState[] {
  const e = paymentEvents
  const states: LaneState[] = [
    {
      name: "cart",
      setup: cart,
      events: [e.startSbp, e.startCard, e.addItem, e.changeShipping, e.complete],
      // Nothing paid yet: its crossings (double clicks, edits) are drawn in the triples.
      keys: [],
    },
    {
      name: "sbp-pending",
      setup: sbpPending,
      events: [
        e.startSbp,
        e.switchMethod,
        e.addItem,
        e.changeShipping,
        e.complete,
        e.returnPage,
        e.confirm,
        e.decline,
        e.reconcile,
        e.recheck,
      ],
      keys: [e.confirm, e.decline],
      twice: [e.complete],
    },
    {
      name: "sbp-paid",
      setup: async (s) => {
        const lane = await sbpPending(s)
        await s.sandbox.control.confirm(lane.tx!)
        await ordered(s, lane)
        return lane
      },
      events: [
        e.complete,
        e.lateCanceled,
        e.duplicateCallback,
        e.chargeback,
        e.reconcile,
        e.recheck,
        e.adminRefund,
      ],
      keys: [e.chargeback, e.lateCanceled],
      twice: [e.adminRefund],
    },
    {
      // SBP paid after the shopper moved to card: a case, while the card payment is pending.
      name: "case-open",
      setup: async (s) => {
        const lane = await sbpPending(s)
        const sbp = lane.tx!
        await startOn(s, lane, CARD)
        await s.sandbox.control.confirm(sbp)
        await flagged(s, sbp)
        lane.caseTx = sbp
        return lane
      },
      events: [e.caseRefund, e.duplicateCallback, e.recheck, e.reconcile, e.confirm, e.complete],
      keys: [e.confirm],
      twice: [e.caseRefund],
    },
  ]
  return states.filter((s) => names.includes(s.name))
}

/** What the checkout's states need seeded: a second shipping option beside the free one. */
export async function prepareCheckout(stage: Stage): Promise<void> {
  const [free] = await stage.container
    .resolve(Modules.FULFILLMENT)
    .listShippingOptions({ name: SHIPPING.optionName })
  stage.extra.free = free.id
  stage.extra.express = await addExpressShipping(stage.container)
}
