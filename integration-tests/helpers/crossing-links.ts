import { paymentEvents, refusedOr, said } from "./crossing-payments"
import { newLane, type CrossingEvent, type LaneState, type Stage } from "./crossings"
import { addItemByOrderEdit, createLink, placeOrder } from "./payment-links"

// A payment link's events: the payer paying it while the merchant replaces it and the store
// re-checks or reconciles, on one order each (its cart is the lane's cart).

export const linkEvents = {
  payLink: {
    name: "pay-link",
    run: (s, l) => refusedOr(() => s.sandbox.control.confirm(l.target!)),
  },
  replaceLink: {
    name: "replace-link",
    run: async (s, l) => {
      const res = await createLink(s.api, s.admin, l.extra.order, { replace: true })
      const tx = res.data?.link?.transaction_id as string | undefined
      if (tx && !l.txs.includes(tx)) l.txs.push(tx)
      return said(res) + (tx ? ` ${tx}` : "")
    },
  },
  duplicateCallback: paymentEvents.duplicateCallback,
  recheck: paymentEvents.recheck,
  reconcile: paymentEvents.reconcile,
} satisfies Record<string, CrossingEvent>

/** An order paid at checkout, edited to owe 500 ₽ more, with a link for it. */
async function linkOpen(stage: Stage) {
  const { api, admin, store, sandbox } = stage
  const orderId = await placeOrder(api, store, sandbox)
  await addItemByOrderEdit(api, admin, orderId, store.variantId, 500)
  const res = await createLink(api, admin, orderId)
  if (res.status !== 201) throw new Error(`no link: ${said(res)}`)
  const lane = newLane(await cartOf(stage, orderId))
  lane.extra.order = orderId
  lane.tx = res.data.link.transaction_id
  lane.txs.push(lane.tx!)
  return lane
}

async function cartOf(stage: Stage, orderId: string): Promise<string> {
  const { data } = await stage.container.resolve("query").graph({
    entity: "order_cart",
    fields: ["cart_id"],
    filters: { order_id: orderId },
  })
  return data[0].cart_id as string
}

export function linkStates(): LaneState[] {
  const e = linkEvents
  return [
    {
      name: "link-open",
      setup: linkOpen,
      events: [e.payLink, e.replaceLink, e.duplicateCallback, e.recheck, e.reconcile],
      keys: [e.payLink],
      twice: [e.replaceLink],
    },
  ]
}
