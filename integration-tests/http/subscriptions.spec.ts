import Medusa from "@medusajs/js-sdk"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import {
  PLATEGA_SUBSCRIPTION_ACTIVATED,
  PLATEGA_SUBSCRIPTION_CANCELLED,
  PLATEGA_SUBSCRIPTION_FAILED,
  PLATEGA_SUBSCRIPTION_PAST_DUE,
  PLATEGA_SUBSCRIPTION_RENEWED,
} from "../../src/modules/platega"
import { adminHeaders } from "../helpers/admin"
import {
  callbackLog,
  postCallback,
  processedCallbacks,
  quietWindow,
  transactionCallbackBody,
} from "../helpers/callbacks"
import {
  CARD,
  cartOutcome,
  completeCart,
  createCart,
  eventually,
  SBP,
  startPayment,
} from "../helpers/checkout"
import { callbackUrl, callbacksDelivered, useSandbox } from "../helpers/sandbox"
import { seedStore, type StoreFixture } from "../helpers/store"
import { PRODUCTS } from "../../demo/seed-data"
import {
  activeSubscription as activeSubscriptionOf,
  chargeCallbackBody,
  recordEvents,
  setPlan,
  startSubscription,
  subscriptionState,
  syncSubscriptions,
  SUBSCRIPTION,
  type SubscriptionState,
} from "../helpers/subscriptions"

jest.setTimeout(180_000)

const sandbox = useSandbox()
const MONTHLY = { interval: "month", interval_count: 1 }
const EVENTS = [
  PLATEGA_SUBSCRIPTION_ACTIVATED,
  PLATEGA_SUBSCRIPTION_RENEWED,
  PLATEGA_SUBSCRIPTION_PAST_DUE,
  PLATEGA_SUBSCRIPTION_CANCELLED,
  PLATEGA_SUBSCRIPTION_FAILED,
]

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: StoreFixture
    let admin: { headers: Record<string, string> }
    let events: ReturnType<typeof recordEvents>

    beforeAll(async () => {
      store = await seedStore(getContainer())
      admin = await adminHeaders(getContainer())
      events = recordEvents(getContainer(), EVENTS)
    })

    beforeEach(async () => {
      await sandbox().control.reset()
      await sandbox().control.setCallbackUrl(callbackUrl(api))
      expect((await setPlan(api, admin, store.variantId, MONTHLY)).status).toBe(200)
      events.length = 0
    })

    const state = (id: string) => subscriptionState(getContainer(), id)
    const renewals = (s: SubscriptionState) =>
      s.orders.filter((o) => o.id !== s.record?.first_order_id)
    /** Renewal charges that recorded their order (the last thing a renewal does). */
    const renewed = (s: SubscriptionState) =>
      s.charges.filter((c) => c.kind === "renewal" && c.order_id)
    const eventsFor = (name: string, recordId?: string) =>
      events.filter((e) => e.name === name && e.data.id === recordId)

    /** Checkout → bind → the first order, made by the callbacks. */
    const activeSubscription = (quantity = 1) =>
      activeSubscriptionOf(api, getContainer(), store, sandbox(), quantity)

    describe("plans", () => {
      it("sets, reads and removes a variant's plan; refuses one outside Platega's bounds", async () => {
        const url = `/admin/platega/variants/${store.variantId}/plan`
        const bad = await setPlan(api, admin, store.variantId, {
          interval: "month",
          interval_count: 13,
        })
        expect(bad.status).toBe(400)
        expect(bad.data.message).toMatch(/interval_count: Platega allows at most 12/)
        const unknown = await setPlan(api, admin, store.variantId, {
          interval: "hour",
          interval_count: 1,
        })
        expect(unknown.status).toBe(400)
        expect((await api.get(url, admin)).data.plan).toEqual(MONTHLY)

        const weekly = await setPlan(api, admin, store.variantId, {
          interval: "week",
          interval_count: 2,
        })
        expect(weekly.data).toEqual({
          variant_id: store.variantId,
          plan: { interval: "week", interval_count: 2 },
        })
        expect((await setPlan(api, admin, store.variantId, null)).data.plan).toBeNull()
        expect((await api.get(url, admin)).data.plan).toBeNull()
        const missing = await api.get(`/admin/platega/variants/variant_missing/plan`, {
          ...admin,
          validateStatus: () => true,
        })
        expect(missing.status).toBe(404)
        const anonymous = await api.get(url, { validateStatus: () => true })
        expect(anonymous.status).toBe(401)
      })

      it("refuses a subscription session for a cart without one plan, and says why", async () => {
        await setPlan(api, admin, store.variantId, null)
        const cartId = await createCart(api, store)
        const refused = await startPayment(api, store, cartId, SUBSCRIPTION).catch(
          (e) => e.response,
        )
        expect(refused.status).toBe(400)
        expect(refused.data.message).toMatch(/is not sold by subscription/)

        // Two variants with different plans.
        await setPlan(api, admin, store.variantId, MONTHLY)
        const other = await otherVariant()
        await setPlan(api, admin, other, { interval: "week", interval_count: 1 })
        await api.post(
          `/store/carts/${cartId}/line-items`,
          { variant_id: other, quantity: 1 },
          { headers: store.headers },
        )
        const mixed = await startPayment(api, store, cartId, SUBSCRIPTION).catch((e) => e.response)
        expect(mixed.status).toBe(400)
        expect(mixed.data.message).toMatch(/mixes plans \(every 1 month and every 1 week\)/)
        expect(await sandbox().control.callbackLog()).toHaveLength(0)
        await setPlan(api, admin, other, null)
      })
    })

    describe("the subscription among the payment methods", () => {
      // The kit is an ES module; this spec is CommonJS.
      let kit: typeof import("medusa-payment-platega-storefront", {
        with: { "resolution-mode": "import" },
      })
      beforeAll(async () => {
        kit = await import("medusa-payment-platega-storefront")
      })
      const methodsFor = async (cartId?: string) => {
        const query = cartId === undefined ? "" : `?cart_id=${cartId}`
        const { data } = await api.get(`/store/platega/methods${query}`, { headers: store.headers })
        return (data.methods as { provider_id: string }[]).map((m) => m.provider_id)
      }

      it("is offered only for a cart with a plan: the store's list and the kit's", async () => {
        const { data } = await api.get(`/store/payment-providers?region_id=${store.regionId}`, {
          headers: store.headers,
        })
        // The region offers it to every cart (the Russia script enables every Platega provider).
        const region = data.payment_providers as { id: string }[]
        const regionIds = region.map((p) => p.id)
        expect(regionIds).toEqual(expect.arrayContaining([SBP, CARD, SUBSCRIPTION]))
        const sdk = new Medusa({
          baseUrl: api.defaults.baseURL as string,
          publishableKey: store.headers["x-publishable-api-key"],
        })
        const offered = async (cartId: string) =>
          (await kit.plategaProvidersForCart({ sdk, cart: { id: cartId }, providers: region })).map(
            (p) => p.id,
          )

        const planCart = await createCart(api, store)
        expect(await methodsFor(planCart)).toEqual(expect.arrayContaining([SBP, SUBSCRIPTION]))
        expect(await offered(planCart)).toEqual(regionIds)

        expect((await setPlan(api, admin, store.variantId, null)).status).toBe(200)
        const plainCart = await createCart(api, store)
        const plain = await methodsFor(plainCart)
        expect(plain).toEqual(expect.arrayContaining([SBP, CARD]))
        expect(plain).not.toContain(SUBSCRIPTION)
        expect(await offered(plainCart)).toEqual(regionIds.filter((id) => id !== SUBSCRIPTION))
        // Without a cart: every method the store has, as before.
        expect(await methodsFor()).toContain(SUBSCRIPTION)

        // A plan item beside a plain one: a subscription session would be refused, so not listed.
        expect((await setPlan(api, admin, store.variantId, MONTHLY)).status).toBe(200)
        const other = await otherVariant()
        const { data: added } = await api.post(
          `/store/carts/${planCart}/line-items`,
          { variant_id: other, quantity: 1 },
          { headers: store.headers },
        )
        const variants = (added.cart.items as { variant_id: string }[]).map((i) => i.variant_id)
        expect(variants.sort()).toEqual([other, store.variantId].sort())
        const { data: otherPlan } = await api.get(`/admin/platega/variants/${other}/plan`, admin)
        expect(otherPlan.plan).toBeNull()
        expect(await methodsFor(planCart)).not.toContain(SUBSCRIPTION)
        expect(await offered(planCart)).not.toContain(SUBSCRIPTION)

        const bad = { headers: store.headers, validateStatus: () => true }
        expect((await api.get("/store/platega/methods?cart_id=cart_missing", bad)).status).toBe(404)
        expect((await api.get("/store/platega/methods?cart=x", bad)).status).toBe(400)
        expect((await api.get("/store/platega/methods?cart_id=", bad)).status).toBe(400)
      })

      it("its session is refused with 400 for a cart without a plan, whatever the storefront sends", async () => {
        await setPlan(api, admin, store.variantId, null)
        const cartId = await createCart(api, store)
        const { headers } = store
        const {
          data: { payment_collection: collection },
        } = await api.post("/store/payment-collections", { cart_id: cartId }, { headers })
        const returnUrl = `http://localhost:8000/return?cart_id=${cartId}`
        const path = `/store/payment-collections/${collection.id}/payment-sessions`
        const notSold =
          /^Platega subscription: ".+" is not sold by subscription \(its variant has no plan\); pay for this cart with another method$/
        const noPlanFromStorefront = /^data\.plan is not accepted from a storefront/
        const post = async (to: string, data: Record<string, unknown>) => {
          const res = await api.post(
            to,
            { provider_id: SUBSCRIPTION, data },
            { headers, validateStatus: () => true },
          )
          return [to, data, res.status, res.data.message]
        }
        for (const data of [{}, { return_url: returnUrl }, { pay: true }]) {
          expect(await post(path, data)).toEqual([path, data, 400, expect.stringMatching(notSold)])
        }
        // A plan of its own, or the path spelled another way Medusa still routes: refused alike.
        const forged = { return_url: returnUrl, plan: MONTHLY }
        const upper = path.toUpperCase().replace(collection.id.toUpperCase(), collection.id)
        for (const spelled of [path, `${path}/`, upper]) {
          expect(await post(spelled, { return_url: returnUrl })).toEqual([
            spelled,
            { return_url: returnUrl },
            400,
            expect.stringMatching(notSold),
          ])
          expect(await post(spelled, forged)).toEqual([
            spelled,
            forged,
            400,
            expect.stringMatching(noPlanFromStorefront),
          ])
        }
        // Spellings Medusa does not route at all.
        for (const spelled of [
          path.replace("/store/", "/store//"),
          path.replace("payment-sessions", "payment%2Dsessions"),
        ]) {
          expect(await post(spelled, forged)).toEqual([spelled, forged, 404, undefined])
        }
        const { data: sessions } = await api.get(
          `/store/carts/${cartId}?fields=*payment_collection.payment_sessions`,
          { headers },
        )
        expect(sessions.cart.payment_collection.payment_sessions ?? []).toEqual([])
        const atPlatega = await fetch(`${sandbox().url}/_sandbox/subscriptions`)
        expect(await atPlatega.json()).toEqual([])
      })
    })

    /**
     * A variant of another product, one the seed sells without a plan (it gives its subscription
     * products one, and the store lists products in no set order).
     */
    async function otherVariant(): Promise<string> {
      const plain = new Set(PRODUCTS.filter((p) => !p.plan).map((p) => p.sku))
      const { data } = await api.get(`/store/products?limit=50&fields=variants.id,variants.sku`, {
        headers: store.headers,
      })
      const variants: { id: string; sku: string }[] = data.products.flatMap(
        (p: { variants: { id: string; sku: string }[] }) => p.variants,
      )
      const other = variants.find((v) => v.id !== store.variantId && plain.has(v.sku))
      if (!other) throw new Error("the seed has no other product sold without a plan")
      return other.id
    }

    it("checkout → bind → one first order, whichever of the callbacks and the shopper's return comes first", async () => {
      const { cartId, session, subscriptionId } = await startSubscription(api, store, 2)
      expect(session.data.redirect).toMatch(/\/pay\//)
      expect(session.data.plan).toEqual(MONTHLY)
      const created = await sandbox().control.getSubscription(subscriptionId)
      expect(created).toMatchObject({
        status: "PendingAgreement",
        intervalUnit: "Month",
        intervalCount: 1,
        amount: store.price * 2,
      })
      // The payload ties every charge to this checkout; the payer never sees it.
      expect(created?.payload).toBe(session.id)
      // Not bound: nothing to order.
      expect((await completeCart(api, store, cartId)).type).toBe("cart")

      await Promise.all([
        sandbox().control.bindSubscription(subscriptionId, { email: "payer@example.com" }),
        completeCart(api, store, cartId),
      ])
      const s = await eventually(
        () => state(subscriptionId),
        (s) => !!s.record?.first_order_id && s.charges.some((c) => c.order_id),
      )
      const done = await completeCart(api, store, cartId)
      expect(done.type).toBe("order")
      const outcome = await cartOutcome(getContainer(), cartId)
      expect(outcome.orders).toHaveLength(1)
      expect(outcome.payments.filter((p) => p.captured_at)).toHaveLength(1)
      if (done.type === "order") expect(done.order.id).toBe(outcome.orders[0].id)

      expect(s.record).toMatchObject({ status: "Active", first_order_id: outcome.orders[0].id })
      expect(s.orders.map((o) => o.id)).toEqual([outcome.orders[0].id])
      expect(s.customerLinked).toBe(true)
      const sbx = await sandbox().control.getSubscription(subscriptionId)
      expect(s.charges).toEqual([
        expect.objectContaining({
          platega_id: sbx!.chargeIds[0],
          status: "CONFIRMED",
          kind: "first",
          order_id: outcome.orders[0].id,
        }),
      ])
      expect(eventsFor(PLATEGA_SUBSCRIPTION_ACTIVATED, s.record!.id)).toHaveLength(1)
    })

    /** The cases the Transactions page shows for a transaction. */
    async function casesOf(txId: string) {
      const { data } = await api.get("/admin/platega/transactions", {
        ...admin,
        params: { q: txId },
      })
      const rows = data.transactions as {
        id: string
        cases: { id: string; kind: string; refundable: boolean }[]
      }[]
      return rows.find((r) => r.id === txId.toLowerCase())?.cases ?? []
    }

    it("bound after the shopper chose SBP instead: the charge is a refundable case, the subscription is cancelled, SBP pays the order", async () => {
      const { cartId, subscriptionId } = await startSubscription(api, store)
      // The shopper changes their mind: Medusa deletes the subscription's session.
      const sbp = await startPayment(api, store, cartId, SBP)
      await sandbox().control.bindSubscription(subscriptionId)
      const s = await eventually(
        () => state(subscriptionId),
        // The charge's note is the last the charge's settlement writes.
        (s) => s.record?.status === "Cancelled" && !!s.charges[0]?.error,
      )
      expect(s.record).toMatchObject({ cancelled_by: "store", first_order_id: null })
      expect((await sandbox().control.getSubscription(subscriptionId))?.status).toBe("Cancelled")
      const chargeId = s.charges[0].platega_id
      expect(s.charges[0]).toMatchObject({ kind: "first", order_id: null })
      expect(s.charges[0].error).toMatch(/^Paid after its checkout moved on/)
      expect((await cartOutcome(getContainer(), cartId)).orders).toHaveLength(0)

      const cases = await eventually(
        () => casesOf(chargeId),
        (c) => c.length > 0,
      )
      expect(cases).toEqual([
        expect.objectContaining({ kind: "paid_after_abandon", refundable: true }),
      ])
      const refund = await api.post(
        `/admin/platega/transactions/${chargeId}/cases/${cases[0].id}/refund`,
        {},
        { ...admin, validateStatus: () => true },
      )
      expect(refund.status).toBe(200)
      expect(await sandbox().control.getTransaction(chargeId)).toMatchObject({
        status: "CHARGEBACKED",
      })

      // The SBP payment the shopper chose pays the cart: one order, the subscription not in it.
      await sandbox().control.confirm(sbp.data.transaction_id as string)
      expect((await completeCart(api, store, cartId)).type).toBe("order")
      const outcome = await cartOutcome(getContainer(), cartId)
      expect(outcome.orders).toHaveLength(1)
      expect((await state(subscriptionId)).record?.first_order_id).toBeNull()
    })

    it("bound after the shopper changed the cart: the old subscription is recorded, cancelled, and its charge is a case", async () => {
      const { cartId, subscriptionId } = await startSubscription(api, store)
      // A new amount: Medusa's refresh deletes the subscription's session.
      await api.post(
        `/store/carts/${cartId}/line-items`,
        { variant_id: store.variantId, quantity: 1 },
        { headers: store.headers },
      )
      expect((await cartOutcome(getContainer(), cartId)).sessions).toHaveLength(0)
      expect((await state(subscriptionId)).record).toMatchObject({ status: "PendingAgreement" })
      await sandbox().control.bindSubscription(subscriptionId)
      const s = await eventually(
        () => state(subscriptionId),
        // The charge's note is the last the charge's settlement writes.
        (s) => s.record?.status === "Cancelled" && !!s.charges[0]?.error,
      )
      expect(s.record).toMatchObject({ cancelled_by: "store", first_order_id: null })
      const chargeId = s.charges[0].platega_id
      expect(
        await eventually(
          () => casesOf(chargeId),
          (c) => c.length > 0,
        ),
      ).toEqual([expect.objectContaining({ kind: "paid_after_abandon", refundable: true })])
      expect((await cartOutcome(getContainer(), cartId)).orders).toHaveLength(0)
    })

    it("three charges → three renewal orders with the charged totals, the same items, linked", async () => {
      const { subscriptionId, first } = await activeSubscription(2)
      for (let i = 0; i < 3; i++) {
        await sandbox().control.chargeSubscription(subscriptionId, "success")
      }
      const s = await eventually(
        () => state(subscriptionId),
        (s) => renewed(s).length >= 3,
        30_000,
      )
      const sbx = await sandbox().control.getSubscription(subscriptionId)
      expect(sbx!.chargesSuccess).toBe(4)
      expect(renewals(s)).toHaveLength(3)
      const firstOrder = first.orders[0]
      for (const order of renewals(s)) {
        expect(order.total).toBe(store.price * 2)
        expect(order.items).toEqual([
          { variant_id: store.variantId, quantity: 2, unit_price: store.price },
        ])
        expect(order.payments).toEqual([
          expect.objectContaining({ provider_id: SUBSCRIPTION, amount: store.price * 2 }),
        ])
        expect(order.payments[0].captured_at).toBeTruthy()
      }
      expect(firstOrder.total).toBe(store.price * 2)
      // Each renewal charge has exactly one order, and each order one charge.
      const renewalCharges = s.charges.filter((c) => c.kind === "renewal")
      expect(renewalCharges.map((c) => c.platega_id).sort()).toEqual(sbx!.chargeIds.slice(1).sort())
      expect(new Set(renewalCharges.map((c) => c.order_id)).size).toBe(3)
      expect(renewalCharges.map((c) => c.order_id).sort()).toEqual(
        renewals(s)
          .map((o) => o.id)
          .sort(),
      )
      // From an order, its subscription (the link's other side).
      const { data: linked } = await getContainer()
        .resolve(ContainerRegistrationKeys.QUERY)
        .graph({
          entity: "order",
          fields: ["id", "platega_subscription.platega_id"],
          filters: { id: renewals(s)[0].id },
        })
      expect(linked[0]).toMatchObject({
        platega_subscription: { platega_id: subscriptionId.toLowerCase() },
      })
      const announced = eventsFor(PLATEGA_SUBSCRIPTION_RENEWED, s.record!.id)
      expect(announced.map((e) => e.data.order_id).sort()).toEqual(
        renewals(s)
          .map((o) => o.id)
          .sort(),
      )
    })

    describe("charge callbacks without the merchant headers", () => {
      afterEach(() => sandbox().control.configure({ chargeCallbacksWithoutHeaders: false }))

      it("are acted on as far as Platega's reads confirm them: the first order and renewals", async () => {
        await sandbox().control.configure({ chargeCallbacksWithoutHeaders: true })
        const { subscriptionId } = await activeSubscription()
        await sandbox().control.chargeSubscription(subscriptionId, "success")
        const s = await eventually(
          () => state(subscriptionId),
          (s) => renewed(s).length >= 1,
        )
        expect(renewals(s)).toHaveLength(1)
        const charges = (await callbackLog(getContainer())).filter(
          (c) => c.kind === "subscription_charge",
        )
        expect(charges).toHaveLength(2)
        expect(charges.every((c) => c.authenticated === false)).toBe(true)
        expect(charges.map((c) => c.outcome).sort()).toEqual(["captured", "captured"])
      })

      it("a charge of one subscription claimed for another, without headers, makes no order", async () => {
        const a = await activeSubscription()
        const b = await activeSubscription()
        await sandbox().control.setCallbackUrl(null)
        await sandbox().control.chargeSubscription(b.subscriptionId, "success")
        const [, bCharge] = (await sandbox().control.getSubscription(b.subscriptionId))!.chargeIds
        const forged = {
          Id: bCharge,
          Amount: store.price,
          Currency: "RUB",
          Status: "CONFIRMED",
          PaymentMethod: 6,
          Payload: null,
          SubscriptionId: a.subscriptionId,
          NextChargeAt: null,
        }
        const forgedHeaders = { "x-merchantid": sandbox().merchantId, "x-secret": "wrong" }
        expect((await postCallback(api, sandbox(), forged, forgedHeaders)).status).toBe(401)
        expect((await postCallback(api, sandbox(), forged, {})).status).toBe(200)
        const [entry] = await eventually(
          () => callbackLog(getContainer()),
          (l) => l.some((c) => c.platega_id === bCharge && c.outcome !== "pending"),
        ).then((l) => l.filter((c) => c.platega_id === bCharge))
        expect(entry).toMatchObject({ outcome: "ignored", authenticated: false })
        expect(entry.detail).toMatch(/does not tie it to subscription/)
        const after = await state(a.subscriptionId)
        expect(renewals(after)).toHaveLength(0)
        expect(after.charges.map((c) => c.platega_id)).not.toContain(bCharge.toLowerCase())
      })
    })

    it("the same charge callback 3 times in a row, then 10 at once: one order each", async () => {
      const { subscriptionId } = await activeSubscription()
      await sandbox().control.setCallbackUrl(null)
      await sandbox().control.chargeSubscription(subscriptionId, "success")
      await sandbox().control.chargeSubscription(subscriptionId, "success")
      const [, second, third] = (await sandbox().control.getSubscription(subscriptionId))!.chargeIds

      const inRow = await chargeCallbackBody(sandbox(), second)
      for (let i = 0; i < 3; i++) {
        expect((await postCallback(api, sandbox(), inRow)).status).toBe(200)
      }
      const atOnce = await chargeCallbackBody(sandbox(), third)
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => postCallback(api, sandbox(), atOnce)),
      )
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200))

      const s = await eventually(
        () => state(subscriptionId),
        (s) => renewed(s).length >= 2,
      )
      await processedCallbacks(getContainer())
      await quietWindow()
      const settled = await state(subscriptionId)
      expect(renewals(settled)).toHaveLength(2)
      expect(settled.charges.filter((c) => c.kind === "renewal")).toHaveLength(2)
      expect(
        renewals(settled)
          .map((o) => o.id)
          .sort(),
      ).toEqual(
        renewals(s)
          .map((o) => o.id)
          .sort(),
      )
    })

    it("a transaction-style callback about a charge is recorded, not flagged as unknown money", async () => {
      const { subscriptionId } = await activeSubscription()
      const [chargeId] = (await sandbox().control.getSubscription(subscriptionId))!.chargeIds
      const res = await postCallback(
        api,
        sandbox(),
        await transactionCallbackBody(sandbox(), chargeId),
      )
      expect(res.status).toBe(200)
      const entry = await eventually(
        async () => (await callbackLog(getContainer())).find((e) => e.id === res.data.id),
        (e) => e?.outcome !== "pending",
      )
      expect(entry).toMatchObject({ outcome: "recorded" })
      expect(entry?.detail).toMatch(/settled through its charge callback/)
    })

    it("a failed charge makes the subscription PastDue and no order", async () => {
      const { subscriptionId, first } = await activeSubscription()
      await sandbox().control.chargeSubscription(subscriptionId, "fail")
      const s = await eventually(
        () => state(subscriptionId),
        (s) => s.record?.status === "PastDue" && s.charges.length === 2,
      )
      expect(s.record?.status).toBe("PastDue")
      expect(s.charges.find((c) => c.kind !== "first")).toMatchObject({
        status: "CANCELED",
        order_id: null,
      })
      await callbacksDelivered(sandbox())
      await processedCallbacks(getContainer())
      expect((await state(subscriptionId)).orders).toHaveLength(first.orders.length)
      expect(eventsFor(PLATEGA_SUBSCRIPTION_PAST_DUE, s.record!.id)).toHaveLength(1)
    })

    it("the payer cancels from Platega's e-mail: Cancelled", async () => {
      const { subscriptionId } = await activeSubscription()
      await sandbox().control.cancelSubscription(subscriptionId)
      const s = await eventually(
        () => state(subscriptionId),
        (s) => s.record?.status === "Cancelled",
      )
      expect(s.record?.status).toBe("Cancelled")
      expect(eventsFor(PLATEGA_SUBSCRIPTION_CANCELLED, s.record!.id)).toHaveLength(1)
    })

    it("a charge callback lost for good: the sync job makes its order, exactly once", async () => {
      const { subscriptionId } = await activeSubscription()
      await sandbox().control.setFaults({ callbacks: { dropRate: 1 } })
      await sandbox().control.chargeSubscription(subscriptionId, "success")
      await sandbox().control.waitForCallbacks()
      // The store was sent nothing to act on: the charge's callback was dropped.
      expect((await sandbox().control.callbackLog()).at(-1)?.outcome).toBe("dropped")
      expect(renewals(await state(subscriptionId))).toHaveLength(0)

      const report = await syncSubscriptions(getContainer())
      expect(report).toMatchObject({ chargesRecovered: 1, failures: 0 })
      await syncSubscriptions(getContainer())
      const s = await state(subscriptionId)
      expect(renewals(s)).toHaveLength(1)
      expect(s.charges.filter((c) => c.kind === "renewal")).toEqual([
        expect.objectContaining({ order_id: renewals(s)[0].id }),
      ])
      expect(s.record?.attention).toBeNull()
    })

    it("a paid charge whose order cannot be made is flagged, and made by the job once it can", async () => {
      const { subscriptionId } = await activeSubscription()
      // No stock left: Medusa refuses the renewal order.
      const restock = await setAvailable(0)
      try {
        await sandbox().control.chargeSubscription(subscriptionId, "success")
        const failing = await eventually(
          () => state(subscriptionId),
          (s) => s.charges.some((c) => c.kind === "renewal"),
        )
        await callbacksDelivered(sandbox())
        await processedCallbacks(getContainer())
        expect(renewals(await state(subscriptionId))).toHaveLength(0)
        expect(failing.charges.find((c) => c.kind === "renewal")?.order_id ?? null).toBeNull()
        await syncSubscriptions(getContainer())
        const flagged = await state(subscriptionId)
        expect(flagged.record?.attention).toMatch(/is paid but its order could not be made/)
        expect(renewals(flagged)).toHaveLength(0)
      } finally {
        await restock()
      }
      const report = await syncSubscriptions(getContainer())
      expect(report.chargesRecovered).toBe(1)
      const s = await state(subscriptionId)
      expect(renewals(s)).toHaveLength(1)
      expect(s.record?.attention).toBeNull()
      await syncSubscriptions(getContainer())
      expect(renewals(await state(subscriptionId))).toHaveLength(1)
    })

    /** Sets what can still be sold of the plan variant; returns how to put the stock back. */
    async function setAvailable(available: number): Promise<() => Promise<void>> {
      const container = getContainer()
      const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
        entity: "product_variant",
        fields: ["inventory_items.inventory_item_id"],
        filters: { id: store.variantId },
      })
      const itemId = (data[0] as unknown as { inventory_items: { inventory_item_id: string }[] })
        .inventory_items[0].inventory_item_id
      const inventory = container.resolve(Modules.INVENTORY)
      const levels = await inventory.listInventoryLevels({ inventory_item_id: itemId })
      const before = levels.map((l) => ({ id: l.id, stocked_quantity: Number(l.stocked_quantity) }))
      await inventory.updateInventoryLevels(
        levels.map((l) => ({
          id: l.id,
          inventory_item_id: itemId,
          location_id: l.location_id,
          stocked_quantity: Number(l.reserved_quantity) + available,
        })),
      )
      return async () => {
        await inventory.updateInventoryLevels(
          levels.map((l, i) => ({
            id: l.id,
            inventory_item_id: itemId,
            location_id: l.location_id,
            stocked_quantity: before[i].stocked_quantity,
          })),
        )
      }
    }

    it("not bound within 30 minutes: Failed, and its cart is not completed", async () => {
      const { cartId, subscriptionId } = await startSubscription(api, store)
      await sandbox().control.advanceClock(31 * 60_000)
      const s = await eventually(
        () => state(subscriptionId),
        (s) => s.record?.status === "Failed",
      )
      expect(s.record?.first_order_id).toBeNull()
      const done = await completeCart(api, store, cartId)
      expect(done.type).toBe("cart")
      expect((await cartOutcome(getContainer(), cartId)).orders).toHaveLength(0)
      expect(eventsFor(PLATEGA_SUBSCRIPTION_FAILED, s.record!.id)).toHaveLength(1)
    })

    it("a cart whose plan changed after the subscription was made is not completed", async () => {
      const { cartId, subscriptionId } = await startSubscription(api, store)
      await sandbox().control.setCallbackUrl(null)
      await sandbox().control.bindSubscription(subscriptionId)
      await setPlan(api, admin, store.variantId, { interval: "week", interval_count: 1 })
      const done = await completeCart(api, store, cartId)
      expect(done.type).toBe("cart")
      if (done.type === "cart") expect(done.error?.message).toMatch(/plan is now every 1 week/)
      expect((await cartOutcome(getContainer(), cartId)).orders).toHaveLength(0)
    })
  },
})
