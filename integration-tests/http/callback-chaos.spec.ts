import fc from "fast-check"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { reconcile } from "../helpers/reconcile"
import {
  CARD,
  SBP,
  cartOutcome,
  completeCart,
  createCart,
  startPayment,
  type CartOutcome,
} from "../helpers/checkout"
import { callbackLog, processedCallbacks } from "../helpers/callbacks"
import { callbackUrl, callbacksDelivered, useSandbox } from "../helpers/sandbox"
import { seedStore, type StoreFixture } from "../helpers/store"

jest.setTimeout(600_000)

const CHECKOUTS = 60
const CONCURRENCY = 6
/** Paid checkouts whose every callback is lost (no callback URL): only reconciliation saves them. */
const UNHEARD = 3
const sandbox = useSandbox({ seed: 7, callbackRetryIntervalMs: 200 })

/** What happens to one checkout; drawn from a fixed seed so a failing run can be replayed. */
const plan = fc.record({
  provider: fc.constantFrom(SBP, CARD),
  fate: fc.constantFrom("pay", "pay", "pay", "decline", "abandon"),
  // Half never come back: their orders can only come from the callbacks (or reconciliation).
  shopperReturns: fc.constantFrom("no", "no", "after", "same-moment"),
})

interface Checkout {
  cartId: string
  txId: string
  paid: boolean
  /** The shopper completed the cart (after paying, or at the same moment): another way to an order. */
  returned: boolean
  plan: unknown
}

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    it(`${CHECKOUTS} checkouts under lost, duplicated, reordered callbacks and failing status reads: the callbacks make the orders, reconciliation the rest`, async () => {
      const store: StoreFixture = await seedStore(getContainer())
      const control = sandbox().control
      await control.setCallbackUrl(callbackUrl(api))
      await control.setFaults({
        seed: 42,
        callbacks: { dropRate: 0.2, duplicateRate: 0.3, reorderRate: 0.2 },
        errorRates: { "GET /transaction/:id": 0.1 },
      })

      const plans = fc.sample(plan, { numRuns: CHECKOUTS, seed: 20261122 })
      const results: Checkout[] = []
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
            const returned = p.shopperReturns !== "no"
            results.push({ cartId, txId: id, paid: p.fate === "pay", returned, plan: p })
          }),
        )
      }
      // Let deliveries and their retries finish, and what the store recorded be processed. (How
      // many it recorded is asserted below, delivery by delivery.)
      await callbacksDelivered(sandbox(), 30_000)
      await processedCallbacks(getContainer(), { atLeast: 0, timeoutMs: 120_000 })

      // A few paid checkouts Platega cannot tell the store about, and whose shopper never returns.
      await control.setCallbackUrl(null)
      for (let i = 0; i < UNHEARD; i++) {
        const cartId = await createCart(api, store)
        const session = await startPayment(api, store, cartId, SBP)
        await control.confirm(session.data.transaction_id)
        const txId = session.data.transaction_id
        results.push({ cartId, txId, paid: true, returned: false, plan: "unheard" })
      }

      const paid = results.filter((r) => r.paid)
      // The fixed seed draws 29 paid checkouts (13 whose shopper never returns) and 31 unpaid.
      expect(paid.length).toBe(29 + UNHEARD)
      expect(results.length - paid.length).toBe(31)

      // Before any reconciliation: what the callbacks (and the shoppers' returns) made.
      const sent = await control.callbackLog()
      const recorded = await callbackLog(getContainer())
      const before = new Map<string, CartOutcome>()
      for (const r of results) before.set(r.cartId, await cartOutcome(getContainer(), r.cartId))
      /** The CONFIRMED callback of a transaction that reached the store (answered 200). */
      const confirmedDelivered = (txId: string) =>
        sent.some(
          (e) =>
            e.kind === "transaction" &&
            e.subjectId === txId &&
            e.outcome === "delivered" &&
            e.status === 200 &&
            (JSON.parse(e.body) as { status?: string }).status === "CONFIRMED",
        )
      const rowOf = (txId: string) =>
        recorded.find(
          (row) =>
            row.kind === "transaction" &&
            row.platega_id.toLowerCase() === txId.toLowerCase() &&
            row.status === "CONFIRMED",
        )
      const delivered = paid.filter((r) => confirmedDelivered(r.txId))

      // Every CONFIRMED callback that reached the store is recorded, and processed to its order:
      // `captured`, naming the order the cart has now, or left open for a retry (a failed read).
      const unprocessed = delivered
        .map((r) => ({ ...r, row: rowOf(r.txId), orders: before.get(r.cartId)!.orders }))
        .filter(
          ({ row, orders }) =>
            !row ||
            !(
              (row.outcome === "captured" &&
                orders.length === 1 &&
                row.order_id === orders[0].id) ||
              ["failed", "unconfirmed"].includes(row.outcome)
            ),
        )
      expect(unprocessed).toEqual([])

      // The orders of paid checkouts whose shopper never came back: only a callback can have made
      // them before reconciliation runs, and the callback log names each.
      const unreturned = paid.filter((r) => !r.returned)
      const byCallback = unreturned.filter((r) => before.get(r.cartId)!.orders.length > 0)
      const notByCallback = byCallback.filter(
        (r) => rowOf(r.txId)?.order_id !== before.get(r.cartId)!.orders[0].id,
      )
      expect(notByCallback).toEqual([])
      const unheardOnes = unreturned.filter((r) => !confirmedDelivered(r.txId))
      // All but those whose callback was lost (or whose processing is left to a retry).
      expect(byCallback.length).toBeGreaterThanOrEqual(unreturned.length - unheardOnes.length - 2)
      expect(byCallback.length).toBeGreaterThanOrEqual(5)
      // Nothing made an order for a checkout whose callback never came and whose shopper never
      // returned: that is reconciliation's part.
      expect(unheardOnes.filter((r) => before.get(r.cartId)!.orders.length > 0)).toEqual([])
      // Nothing paid, nothing ordered.
      const unpaidOrdered = results.filter(
        (r) => !r.paid && before.get(r.cartId)!.orders.length > 0,
      )
      expect(unpaidOrdered).toEqual([])

      // Reconciliation recovers what was lost for good.
      const leftOver = paid.filter((r) => before.get(r.cartId)!.orders.length === 0)
      expect(leftOver.length).toBeGreaterThanOrEqual(UNHEARD)
      for (let round = 0; round < 3; round++) await reconcile(getContainer(), { minAgeMinutes: 0 })

      const count = (f: (e: (typeof sent)[number]) => boolean) => sent.filter(f).length
      // Figures for the reader, not assertions: what the faults actually did in this run.
      console.info(
        `callback chaos: ${paid.length} paid, ${results.length - paid.length} unpaid; ` +
          `callbacks ${count((e) => e.attempt === 1)} first attempts, ${count((e) => e.outcome === "dropped")} dropped, ` +
          `${count((e) => e.duplicate)} duplicates, ${count((e) => e.reordered)} reordered; ` +
          `orders of unreturned shoppers: ${byCallback.length} by callback; ` +
          `${leftOver.length} paid checkouts left to reconciliation`,
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
      // The orders the callbacks made are the ones the carts keep.
      for (const r of byCallback) {
        expect((await cartOutcome(getContainer(), r.cartId)).orders).toEqual(
          before.get(r.cartId)!.orders,
        )
      }
    })
  },
})
