import fc from "fast-check"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { reconcile } from "../helpers/reconcile"
import { CARD, SBP, cartOutcome, completeCart, createCart, startPayment } from "../helpers/checkout"
import { processedCallbacks } from "../helpers/callbacks"
import { callbackUrl, callbacksDelivered, useSandbox } from "../helpers/sandbox"
import { seedStore, type StoreFixture } from "../helpers/store"

jest.setTimeout(600_000)

const CHECKOUTS = 100
const CONCURRENCY = 5
const sandbox = useSandbox({ seed: 7, callbackRetryIntervalMs: 200 })

/** What happens to one checkout; drawn from a fixed seed so a failing run can be replayed. */
const plan = fc.record({
  provider: fc.constantFrom(SBP, CARD),
  fate: fc.constantFrom("pay", "pay", "pay", "decline", "abandon"),
  shopperReturns: fc.constantFrom("no", "after", "same-moment"),
})

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    it(`${CHECKOUTS} checkouts under lost, duplicated, reordered callbacks and failing status reads`, async () => {
      const store: StoreFixture = await seedStore(getContainer())
      const control = sandbox().control
      await control.setCallbackUrl(callbackUrl(api))
      await control.setFaults({
        seed: 42,
        callbacks: { dropRate: 0.2, duplicateRate: 0.3, reorderRate: 0.2 },
        errorRates: { "GET /transaction/:id": 0.1 },
      })

      const plans = fc.sample(plan, { numRuns: CHECKOUTS, seed: 20261122 })
      const results: { cartId: string; paid: boolean; plan: unknown }[] = []
      for (let i = 0; i < plans.length; i += CONCURRENCY) {
        await Promise.all(
          plans.slice(i, i + CONCURRENCY).map(async (p) => {
            const cartId = await createCart(api, store)
            const session = await startPayment(api, store, cartId, p.provider)
            const id = session.data.transaction_id
            const act =
              p.fate === "pay"
                ? () => control.confirm(id)
                : p.fate === "decline"
                  ? () => control.decline(id)
                  : async () => undefined
            if (p.shopperReturns === "same-moment")
              await Promise.all([act(), completeCart(api, store, cartId)])
            else {
              await act()
              if (p.shopperReturns === "after") await completeCart(api, store, cartId)
            }
            results.push({ cartId, paid: p.fate === "pay", plan: p })
          }),
        )
      }

      // Let deliveries and their retries finish, then recover what was lost for good.
      await callbacksDelivered(sandbox(), 30_000)
      await processedCallbacks(getContainer(), { timeoutMs: 120_000 })
      for (let round = 0; round < 3; round++) await reconcile(getContainer(), { minAgeMinutes: 0 })

      const paid = results.filter((r) => r.paid)
      expect(paid.length).toBeGreaterThan(40)
      expect(results.length - paid.length).toBeGreaterThan(20)
      const log = await control.callbackLog()
      expect(log.some((e) => e.outcome === "dropped")).toBe(true)
      const count = (f: (e: (typeof log)[number]) => boolean) => log.filter(f).length
      // Figures for the reader, not assertions: what the faults actually did in this run.
      console.info(
        `callback chaos: ${paid.length} paid, ${results.length - paid.length} unpaid; ` +
          `callbacks ${count((e) => e.attempt === 1)} first attempts, ${count((e) => e.outcome === "dropped")} dropped, ` +
          `${count((e) => e.duplicate)} duplicates, ${count((e) => e.reordered)} reordered`,
      )

      const wrong: unknown[] = []
      for (const r of results) {
        const outcome = await cartOutcome(getContainer(), r.cartId)
        const captured = outcome.payments.filter((p) => p.captured_at).length
        if (outcome.orders.length !== (r.paid ? 1 : 0) || captured !== (r.paid ? 1 : 0)) {
          wrong.push({ ...r, ...outcome })
        }
      }
      expect(wrong).toEqual([])
    })
  },
})
