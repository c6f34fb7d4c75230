import { Modules } from "@medusajs/framework/utils"
import { createOrderWorkflow } from "@medusajs/medusa/core-flows"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { PLATEGA_MODULE, type PlategaModuleService } from "../../src/modules/platega"
import { createRenewalOrderWorkflow } from "../../src/workflows/subscriptions/create-renewal-order"
import { adminHeaders } from "../helpers/admin"
import { callbackLog, postCallback, processedCallbacks, quietWindow } from "../helpers/callbacks"
import { eventually } from "../helpers/checkout"
import { callbackUrl, useSandbox } from "../helpers/sandbox"
import { seedStore, type StoreFixture } from "../helpers/store"
import {
  chargeCallbackBody,
  setPlan,
  startSubscription,
  subscriptionState,
  syncSubscriptions,
} from "../helpers/subscriptions"

jest.setTimeout(180_000)

const sandbox = useSandbox()
const REFUSAL = "renewal refused by the store's orderCreated hook"

/**
 * Medusa's own extension point refuses the next `refusals` orders it creates, after the order is
 * written: the renewal order step fails with an order made, the way any later failure would.
 */
let refusals = 0
createOrderWorkflow.hooks.orderCreated(async () => {
  if (refusals > 0) {
    refusals--
    throw new Error(REFUSAL)
  }
})

/** The plugin's own hook, last in the renewal: a refusal there undoes a paid, linked order. */
const LATE_REFUSAL = "renewal refused by the store's renewalOrderCreated hook"
let lateRefusals = 0
createRenewalOrderWorkflow.hooks.renewalOrderCreated(async () => {
  if (lateRefusals > 0) {
    lateRefusals--
    throw new Error(LATE_REFUSAL)
  }
})

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: StoreFixture

    beforeAll(async () => {
      store = await seedStore(getContainer())
      const admin = await adminHeaders(getContainer())
      await sandbox().control.reset()
      await sandbox().control.setCallbackUrl(callbackUrl(api))
      const plan = { interval: "month", interval_count: 1 }
      expect((await setPlan(api, admin, store.variantId, plan)).status).toBe(200)
    })

    const platega = () => getContainer().resolve<PlategaModuleService>(PLATEGA_MODULE)
    const charge = async (plategaId: string) =>
      (await platega().listPlategaSubscriptionCharges({ platega_id: plategaId.toLowerCase() }))[0]
    /** Every order in the store made for a charge, compensated ones excluded (they are deleted). */
    const ordersOfCharge = async (plategaId: string) =>
      (
        await getContainer()
          .resolve(Modules.ORDER)
          .listOrders({}, { select: ["id", "metadata"] })
      )
        .filter((o) => {
          const refs = o.metadata?.platega_subscription as { charge_id?: string } | undefined
          return refs?.charge_id?.toLowerCase() === plategaId.toLowerCase()
        })
        .map((o) => o.id)

    /** Checkout → bind → the first order, made and recorded on its charge by the callbacks. */
    async function activeSubscription(): Promise<string> {
      const { subscriptionId } = await startSubscription(api, store)
      await sandbox().control.bindSubscription(subscriptionId, { email: "payer@example.com" })
      await eventually(
        () => subscriptionState(getContainer(), subscriptionId),
        (s) => !!s.record?.first_order_id && s.charges.some((c) => c.order_id),
      )
      return subscriptionId
    }

    it("a renewal order that fails after it was made is deleted and its charge given back: the next delivery makes one order", async () => {
      const subscriptionId = await activeSubscription()

      refusals = 1
      await sandbox().control.chargeSubscription(subscriptionId, "success")
      const [, chargeId] = (await sandbox().control.getSubscription(subscriptionId))!.chargeIds
      const failed = await eventually(
        async () => (await callbackLog(getContainer())).find((e) => e.platega_id === chargeId),
        (e) => e?.outcome === "failed",
      )
      expect(failed?.detail).toContain(REFUSAL)
      expect(refusals).toBe(0)

      // Compensated: the order Medusa wrote is gone, the charge is unclaimed and says why.
      expect(await ordersOfCharge(chargeId)).toEqual([])
      expect(await charge(chargeId)).toMatchObject({
        kind: "renewal",
        order_id: null,
        claimed_until: null,
        error: expect.stringContaining(REFUSAL),
      })

      // The next deliveries of the same callback (three at once) make its one order.
      const body = await chargeCallbackBody(sandbox(), chargeId)
      const answers = await Promise.all([1, 2, 3].map(() => postCallback(api, sandbox(), body)))
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200])
      const settled = await eventually(
        () => charge(chargeId),
        (c) => !!c?.order_id,
      )
      expect(settled).toMatchObject({ error: null, claimed_until: null })
      await processedCallbacks(getContainer(), { plategaId: chargeId })
      await quietWindow()
      expect(await ordersOfCharge(chargeId)).toEqual([settled.order_id])

      // The sync job finds nothing left to do.
      const report = await syncSubscriptions(getContainer())
      expect(report).toMatchObject({ chargesRecovered: 0, failures: 0 })
      const s = await subscriptionState(getContainer(), subscriptionId)
      expect(s.orders.map((o) => o.id)).toEqual([s.record!.first_order_id, settled.order_id])
      expect(s.record?.attention).toBeNull()
    })

    /** The renewal's payment sessions of a charge (one per attempt that was not undone). */
    const sessionsOfCharge = async (plategaId: string) =>
      (
        await getContainer()
          .resolve(Modules.PAYMENT)
          .listPaymentSessions({}, { select: ["id", "data"], take: 10_000 })
      ).filter(
        (p) =>
          (p.data as { transaction_id?: string } | null)?.transaction_id?.toLowerCase() ===
          plategaId.toLowerCase(),
      )

    it("a renewal refused after it was paid and linked: order, payment and links undone, the charge made once later", async () => {
      const subscriptionId = await activeSubscription()

      lateRefusals = 1
      await sandbox().control.chargeSubscription(subscriptionId, "success")
      const [, chargeId] = (await sandbox().control.getSubscription(subscriptionId))!.chargeIds
      await eventually(
        async () => (await callbackLog(getContainer())).find((e) => e.platega_id === chargeId),
        (e) => e?.outcome === "failed",
      )
      expect(await ordersOfCharge(chargeId)).toEqual([])
      expect(await sessionsOfCharge(chargeId)).toEqual([])
      expect(await charge(chargeId)).toMatchObject({
        order_id: null,
        claimed_until: null,
        error: expect.stringContaining(LATE_REFUSAL),
      })
      const before = await subscriptionState(getContainer(), subscriptionId)
      expect(before.orders.map((o) => o.id)).toEqual([before.record!.first_order_id])

      const report = await syncSubscriptions(getContainer())
      expect(report).toMatchObject({ chargesRecovered: 1, failures: 0 })
      const made = await charge(chargeId)
      expect(await ordersOfCharge(chargeId)).toEqual([made.order_id])
      expect(await sessionsOfCharge(chargeId)).toHaveLength(1)
      const s = await subscriptionState(getContainer(), subscriptionId)
      const renewal = s.orders.find((o) => o.id === made.order_id)
      expect(renewal?.payments).toEqual([
        expect.objectContaining({ amount: store.price, captured_at: expect.anything() }),
      ])
    })

    it("a renewal refused by the sync job's run is given back too, and made by its next run", async () => {
      const subscriptionId = await activeSubscription()
      await sandbox().control.setFaults({ callbacks: { dropRate: 1 } })
      try {
        await sandbox().control.chargeSubscription(subscriptionId, "success")
        await sandbox().control.waitForCallbacks()
      } finally {
        await sandbox().control.setFaults({})
      }
      const [, chargeId] = (await sandbox().control.getSubscription(subscriptionId))!.chargeIds

      refusals = 1
      const first = await syncSubscriptions(getContainer())
      expect(first).toMatchObject({ chargesRecovered: 0, flagged: 1 })
      expect(await ordersOfCharge(chargeId)).toEqual([])
      expect(await charge(chargeId)).toMatchObject({ order_id: null, claimed_until: null })
      const flagged = await subscriptionState(getContainer(), subscriptionId)
      expect(flagged.record?.attention).toContain(REFUSAL)

      const second = await syncSubscriptions(getContainer())
      expect(second).toMatchObject({ chargesRecovered: 1, failures: 0 })
      const made = await charge(chargeId)
      expect(await ordersOfCharge(chargeId)).toEqual([made.order_id])
      expect((await subscriptionState(getContainer(), subscriptionId)).record?.attention).toBeNull()
    })
  },
})
