import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { adminHeaders } from "../helpers/admin"
import { processedCallbacks } from "../helpers/callbacks"
import { callbackUrl, callbacksDelivered, useSandbox } from "../helpers/sandbox"
import { seedStore } from "../helpers/store"
import {
  setPlan,
  startSubscription,
  subscriptionState,
  syncSubscriptions,
} from "../helpers/subscriptions"

jest.setTimeout(900_000)

const SUBSCRIPTIONS = 3
const CHARGES_EACH = 12
const sandbox = useSandbox({ seed: 11, callbackRetryIntervalMs: 200 })

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    it(`${SUBSCRIPTIONS * CHARGES_EACH} renewal charges, 20 % of callbacks lost for good and 30 % duplicated: one order per successful charge`, async () => {
      const store = await seedStore(getContainer())
      const admin = await adminHeaders(getContainer())
      await setPlan(api, admin, store.variantId, { interval: "day", interval_count: 1 })
      const control = sandbox().control
      await control.setCallbackUrl(callbackUrl(api))
      // Decisions are a seeded hash of the n-th callback: with this seed, at least 20 % of the charge
      // callbacks are lost for good and at least 30 % sent twice (asserted below).
      await control.setFaults({ seed: 39, callbacks: { dropRate: 0.2, duplicateRate: 0.3 } })

      const subs = await Promise.all(
        Array.from({ length: SUBSCRIPTIONS }, async () => {
          const { subscriptionId } = await startSubscription(api, store)
          await control.bindSubscription(subscriptionId)
          return subscriptionId
        }),
      )
      for (let round = 0; round < CHARGES_EACH; round++) {
        await Promise.all(subs.map((id) => control.chargeSubscription(id, "success")))
      }

      // Deliveries and their retries finish; then the job recovers what was lost for good.
      await callbacksDelivered(sandbox(), 60_000)
      await processedCallbacks(getContainer(), { timeoutMs: 120_000 })
      const runs = [
        await syncSubscriptions(getContainer()),
        await syncSubscriptions(getContainer()),
      ]

      const log = await control.callbackLog()
      const charges = log.filter((e) => e.kind === "subscription.charge" && e.attempt === 1)
      const total = SUBSCRIPTIONS * (CHARGES_EACH + 1)
      const dropped = charges.filter((e) => e.outcome === "dropped").length
      const duplicated = charges.filter((e) => e.duplicate).length
      expect(dropped / total).toBeGreaterThanOrEqual(0.2)
      expect(duplicated / total).toBeGreaterThanOrEqual(0.3)
      console.info(
        `subscription chaos: ${total} charges, ${dropped} charge callbacks dropped for good, ` +
          `${duplicated} sent twice; the sync job recovered ${runs[0].chargesRecovered}, then ${runs[1].chargesRecovered}`,
      )
      expect(runs[1].chargesRecovered).toBe(0)

      let renewalOrders = 0
      for (const id of subs) {
        const s = await subscriptionState(getContainer(), id)
        const platega = (await control.getSubscription(id))!
        expect(platega.chargesSuccess).toBe(CHARGES_EACH + 1)
        const renewals = s.orders.filter((o) => o.id !== s.record?.first_order_id)
        const renewalCharges = s.charges.filter((c) => c.kind === "renewal")
        expect(s.record).toMatchObject({ status: "Active", attention: null })
        expect(s.record?.first_order_id).toBeTruthy()
        // One order per successful charge: the checkout's for the first, one renewal each after.
        expect(s.orders).toHaveLength(platega.chargesSuccess)
        expect(renewals).toHaveLength(platega.chargesSuccess - 1)
        expect(new Set(s.charges.map((c) => c.platega_id))).toEqual(new Set(platega.chargeIds))
        expect(new Set(renewalCharges.map((c) => c.order_id)).size).toBe(renewalCharges.length)
        expect(renewalCharges.map((c) => c.order_id).sort()).toEqual(
          renewals.map((o) => o.id).sort(),
        )
        for (const order of renewals) {
          expect(order.payments).toHaveLength(1)
          expect(order.payments[0].amount).toBe(store.price)
          expect(order.payments[0].captured_at).toBeTruthy()
        }
        renewalOrders += renewals.length
      }
      expect(renewalOrders).toBe(SUBSCRIPTIONS * CHARGES_EACH)
    })
  },
})
