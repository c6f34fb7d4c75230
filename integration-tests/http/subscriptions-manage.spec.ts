// Managing subscriptions: the merchant's admin API (list with filters, detail with Platega's live
// metrics, cancel) and the shopper's own store API, where another shopper's subscription is 404 and
// nothing about it changes. Platega is the sandbox, behind a proxy that counts the store's calls.
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { PLATEGA_SUBSCRIPTION_CANCELLED } from "../../src/modules/platega"
import { adminHeaders } from "../helpers/admin"
import { processedCallbacks } from "../helpers/callbacks"
import { eventually } from "../helpers/checkout"
import { useCountingProxy } from "../helpers/counting-proxy"
import { claimCart, registerShopper, type Shopper } from "../helpers/customers"
import { callbackUrl, callbacksDelivered, useSandbox } from "../helpers/sandbox"
import { seedStore, type StoreFixture } from "../helpers/store"
import {
  recordEvents,
  setPlan,
  subscriptionState,
  SUBSCRIPTION,
  type SubscriptionSession,
} from "../helpers/subscriptions"
import { createCart, startPayment } from "../helpers/checkout"

jest.setTimeout(240_000)

const sandbox = useSandbox()
// The store talks to Platega through a proxy that counts its calls.
const proxy = useCountingProxy(sandbox)

const CANCEL = "POST /subscription/:id/cancel"

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: StoreFixture
    let admin: { headers: Record<string, string> }
    let events: ReturnType<typeof recordEvents>
    let anna: Shopper
    let boris: Shopper
    /** Record ids (plsub_…) and Platega ids of each shopper's subscription. */
    const subs: Record<
      "anna" | "boris" | "guest",
      { id: string; platega: string; firstOrder: string }
    > = {} as never

    const any = { validateStatus: () => true }

    /** A shopper's cart, paid by subscription and bound at Platega; the first order made. */
    async function subscribe(shopper: Shopper | undefined) {
      const cartId = await createCart(api, store)
      if (shopper) await claimCart(api, shopper, cartId)
      const session = (await startPayment(api, store, cartId, SUBSCRIPTION)) as SubscriptionSession
      const platega = session.data.subscription_id
      await sandbox().control.bindSubscription(platega, { email: "payer@example.com" })
      const state = await eventually(
        () => subscriptionState(getContainer(), platega),
        (s) => !!s.record?.first_order_id,
      )
      return { id: state.record!.id, platega, firstOrder: state.record!.first_order_id! }
    }

    beforeAll(async () => {
      store = await seedStore(getContainer())
      admin = await adminHeaders(getContainer())
      events = recordEvents(getContainer(), [PLATEGA_SUBSCRIPTION_CANCELLED])
      await sandbox().control.setCallbackUrl(callbackUrl(api))
      expect(
        (await setPlan(api, admin, store.variantId, { interval: "month", interval_count: 1 }))
          .status,
      ).toBe(200)
      anna = await registerShopper(api, store)
      boris = await registerShopper(api, store)
      subs.anna = await subscribe(anna)
      subs.boris = await subscribe(boris)
      subs.guest = await subscribe(undefined)
    })

    describe("the shopper's own subscriptions", () => {
      it("lists only the caller's own, with the orders it paid for", async () => {
        const mine = await api.get("/store/platega/subscriptions", { headers: anna.headers })
        expect(mine.data.count).toBe(1)
        expect(mine.data.subscriptions.map((s: { id: string }) => s.id)).toEqual([subs.anna.id])
        const [one] = mine.data.subscriptions
        expect(one).toMatchObject({ status: "Active", interval: "month", interval_count: 1 })
        expect(one.orders).toHaveLength(1)
        expect(one.orders[0].display_id).toEqual(expect.any(Number))
        // Nothing of Platega's ids or anybody's personal data.
        expect(JSON.stringify(mine.data)).not.toContain(subs.anna.platega)
        expect(JSON.stringify(mine.data)).not.toContain("payer@example.com")

        const one_ = await api.get(`/store/platega/subscriptions/${subs.anna.id}`, {
          headers: anna.headers,
        })
        expect(one_.data.subscription.id).toBe(subs.anna.id)
      })

      it("answers 401 without a signed-in customer", async () => {
        const list = await api.get("/store/platega/subscriptions", {
          headers: store.headers,
          ...any,
        })
        expect(list.status).toBe(401)
        const cancel = await api.post(
          `/store/platega/subscriptions/${subs.anna.id}/cancel`,
          {},
          { headers: store.headers, ...any },
        )
        expect(cancel.status).toBe(401)
        expect((await subscriptionState(getContainer(), subs.anna.platega)).record?.status).toBe(
          "Active",
        )
      })

      it("answers 404 for another shopper's subscription, and changes nothing", async () => {
        proxy().reset()
        for (const id of [subs.boris.id, subs.guest.id, "plsub_does_not_exist"]) {
          const read = await api.get(`/store/platega/subscriptions/${id}`, {
            headers: anna.headers,
            ...any,
          })
          expect(read.status).toBe(404)
          const cancel = await api.post(
            `/store/platega/subscriptions/${id}/cancel`,
            {},
            { headers: anna.headers, ...any },
          )
          expect(cancel.status).toBe(404)
          // The same answer as for an id that does not exist: nothing to probe.
          expect(cancel.data.message).toBe(`Subscription ${id} was not found`)
        }
        expect(proxy().count(CANCEL)).toBe(0)
        expect((await sandbox().control.getSubscription(subs.boris.platega))?.status).toBe("Active")
        expect((await subscriptionState(getContainer(), subs.boris.platega)).record?.status).toBe(
          "Active",
        )
      })

      it("cancels the caller's own once, however often it is asked", async () => {
        proxy().reset()
        events.length = 0
        const url = `/store/platega/subscriptions/${subs.anna.id}/cancel`
        const answers = await Promise.all(
          [1, 2, 3].map(() => api.post(url, {}, { headers: anna.headers, ...any })),
        )
        expect(answers.map((a) => a.status)).toEqual([200, 200, 200])
        for (const a of answers) {
          expect(a.data.subscription).toMatchObject({ id: subs.anna.id, status: "Cancelled" })
        }
        const again = await api.post(url, {}, { headers: anna.headers })
        expect(again.data.subscription.cancelled_at).toBe(answers[0].data.subscription.cancelled_at)

        expect(proxy().count(CANCEL)).toBe(1)
        expect((await sandbox().control.getSubscription(subs.anna.platega))?.status).toBe(
          "Cancelled",
        )
        await eventually(
          async () => events.filter((e) => e.data.id === subs.anna.id),
          (seen) => seen.length >= 1,
        )
        // Platega's own status callback arrives too; it announces nothing a second time.
        await callbacksDelivered(sandbox())
        await processedCallbacks(getContainer(), { plategaId: subs.anna.platega })
        const announced = events.filter((e) => e.data.id === subs.anna.id)
        expect(announced).toEqual([
          {
            name: PLATEGA_SUBSCRIPTION_CANCELLED,
            data: expect.objectContaining({ status: "Cancelled", cancelled_by: "customer" }),
          },
        ])
        // Boris's is untouched.
        expect((await sandbox().control.getSubscription(subs.boris.platega))?.status).toBe("Active")
      })
    })

    describe("the merchant's admin API", () => {
      const list = (query: string) =>
        api.get(`/admin/platega/subscriptions${query}`, { ...admin, ...any })

      it("lists with filters, pagination and the next charge first", async () => {
        // Each test starts from the database as the suite's setup left it: all three Active.
        const cancel = `/store/platega/subscriptions/${subs.anna.id}/cancel`
        expect((await api.post(cancel, {}, { headers: anna.headers })).status).toBe(200)
        const all = await list("")
        expect(all.status).toBe(200)
        expect(all.data).toMatchObject({ count: 3, limit: 20, offset: 0 })
        const row = all.data.subscriptions.find((s: { id: string }) => s.id === subs.boris.id)
        expect(row).toMatchObject({
          platega_id: subs.boris.platega,
          status: "Active",
          charges_count: 1,
          customer: { id: boris.id, email: boris.email },
          first_order_id: subs.boris.firstOrder,
        })
        // Next charge ascending, those without one (Anna's, cancelled) last.
        const next = all.data.subscriptions.map((s: { next_charge_at: string | null }) =>
          s.next_charge_at ? Date.parse(s.next_charge_at) : Infinity,
        )
        expect(next).toEqual([...next].sort((a, b) => a - b))
        expect(all.data.subscriptions.at(-1).id).toBe(subs.anna.id)

        const active = await list("?status=Active")
        expect(active.data.subscriptions.map((s: { id: string }) => s.id).sort()).toEqual(
          [subs.boris.id, subs.guest.id].sort(),
        )
        const both = await list("?status=Active&status=Cancelled")
        expect(both.data.count).toBe(3)
        expect((await list(`?customer_id=${boris.id}`)).data.subscriptions).toHaveLength(1)
        // The store account's e-mail finds it too (the payer may give Platega another one).
        const byEmail = await list(`?q=${encodeURIComponent(boris.email)}`)
        expect(byEmail.data.subscriptions.map((s: { id: string }) => s.id)).toEqual([subs.boris.id])
        expect((await list(`?q=${subs.guest.platega.slice(0, 13)}`)).data.count).toBe(1)
        expect((await list(`?order_id=${subs.boris.firstOrder}`)).data.subscriptions[0].id).toBe(
          subs.boris.id,
        )
        const future = new Date(Date.now() + 86_400_000).toISOString()
        expect((await list(`?created_at_from=${future}`)).data.count).toBe(0)
        expect((await list(`?created_at_to=${future}`)).data.count).toBe(3)

        const page = await list("?limit=2&offset=2")
        expect(page.data).toMatchObject({ count: 3, limit: 2, offset: 2 })
        expect(page.data.subscriptions).toHaveLength(1)
        const desc = await list("?order=-created_at")
        expect(desc.data.subscriptions.map((s: { id: string }) => s.id)).toEqual([
          subs.guest.id,
          subs.boris.id,
          subs.anna.id,
        ])

        for (const bad of ["?limit=0", "?order=amount", "?created_at_from=yesterday"]) {
          const res = await list(bad)
          expect(res.status).toBe(400)
        }
        expect((await api.get("/admin/platega/subscriptions", any)).status).toBe(401)
      })

      it("reads one with Platega's live metrics and its charges with their orders", async () => {
        await sandbox().control.chargeSubscription(subs.boris.platega, "success")
        await eventually(
          () => subscriptionState(getContainer(), subs.boris.platega),
          (s) => s.charges.filter((c) => c.order_id).length === 2,
        )
        const res = await api.get(`/admin/platega/subscriptions/${subs.boris.id}`, admin)
        expect(res.data.live_error).toBeNull()
        expect(res.data.live.charge_metrics).toMatchObject({ chargesSuccess: 2 })
        const { subscription } = res.data
        expect(subscription.charges_count).toBe(2)
        expect(subscription.charges).toHaveLength(2)
        expect(subscription.charges.map((c: { kind: string }) => c.kind)).toEqual([
          "renewal",
          "first",
        ])
        for (const charge of subscription.charges) {
          expect(charge.order_display_id).toEqual(expect.any(Number))
          expect(charge.status).toBe("CONFIRMED")
        }
        const renewal = subscription.charges[0].order_id
        const ofOrder = await api.get(`/admin/platega/orders/${renewal}/subscription`, admin)
        expect(ofOrder.data.subscription.id).toBe(subs.boris.id)
        expect(ofOrder.data.charge.kind).toBe("renewal")
        const none = await api.get(`/admin/platega/orders/order_none/subscription`, admin)
        expect(none.data).toEqual({ subscription: null, charge: null })
        const missing = await api.get(`/admin/platega/subscriptions/plsub_missing`, {
          ...admin,
          ...any,
        })
        expect(missing.status).toBe(404)
      })

      it("still opens when Platega cannot be read, and says why", async () => {
        await sandbox().control.setFaults({ errorRates: { "GET /subscription/:id": 1 } })
        try {
          const res = await api.get(`/admin/platega/subscriptions/${subs.guest.id}`, admin)
          expect(res.status).toBe(200)
          expect(res.data.live).toBeNull()
          expect(res.data.live_error).toMatchObject({ message: expect.any(String) })
          expect(res.data.subscription.id).toBe(subs.guest.id)
        } finally {
          await sandbox().control.setFaults({})
        }
      })

      it("cancels once, records Platega's answer and who did it", async () => {
        proxy().reset()
        const url = `/admin/platega/subscriptions/${subs.guest.id}/cancel`
        const first = await api.post(url, {}, admin)
        expect(first.data.subscription).toMatchObject({
          status: "Cancelled",
          cancelled_by: "admin",
          cancel_response: expect.objectContaining({ status: expect.anything() }),
        })
        const second = await api.post(url, {}, admin)
        expect(second.data.subscription.cancelled_at).toBe(first.data.subscription.cancelled_at)
        expect(proxy().count(CANCEL)).toBe(1)
        expect((await sandbox().control.getSubscription(subs.guest.platega))?.status).toBe(
          "Cancelled",
        )
        const bad = await api.post(url, { reason: "x" }, { ...admin, ...any })
        expect(bad.status).toBe(400)
      })
    })
  },
})
