import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { SHIPPING } from "../../demo/seed-data"
import { Modules } from "@medusajs/framework/utils"
import { adminHeaders } from "../helpers/admin"
import { storeQuiet } from "../helpers/callbacks"
import { addExpressShipping, paymentStates } from "../helpers/crossing-payments"
import {
  crossingsToRun,
  expectWhole,
  runCrossings,
  slowest,
  type BatchResult,
  type Crossing,
  type Stage,
} from "../helpers/crossings"
import type { MoneyWorld } from "../helpers/invariants"
import { callbackUrl, useSandbox } from "../helpers/sandbox"
import { seedStore } from "../helpers/store"

jest.setTimeout(900_000)

const sandbox = useSandbox({ callbackRetryIntervalMs: 100 })

/** Seeded triples beside the pairs; TRIPLES=<n> and TRIPLE_SEED=<seed> draw others. */
const TRIPLES = Number(process.env.TRIPLES ?? 24)
const TRIPLE_SEED = Number(process.env.TRIPLE_SEED ?? 46)
/** Carts in flight at once. */
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 10)

const has = (c: Crossing, ...events: string[]) =>
  events.every((e) => c.steps.some((s) => s.event === e))
/** A completion attempt while the cart's payment is still pending at Platega. */
const completesWhilePending = (c: Crossing) =>
  c.state !== "sbp-paid" && c.steps.some((s) => s.event === "complete" || s.event === "return-page")
/** Known (issue 46): the method switched while the first method's CONFIRMED is settled. */
const switchesWhilePaid = (c: Crossing) =>
  c.state === "sbp-pending" && has(c, "switch-method", "confirm")

// Every pair of checkout events of the shopper, Platega and the store, crossing on one cart,
// many carts side by side; then the money invariants for each cart.
medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let others: BatchResult
    let switching: BatchResult
    let completing: BatchResult

    beforeAll(async () => {
      const container = getContainer()
      const store = await seedStore(container)
      const [free] = await container
        .resolve(Modules.FULFILLMENT)
        .listShippingOptions({ name: SHIPPING.optionName })
      const states = paymentStates({ free: free.id, express: await addExpressShipping(container) })
      await sandbox().control.setCallbackUrl(callbackUrl(api))
      const admin = await adminHeaders(container)
      const stage: Stage = { api, container, sandbox: sandbox(), store, admin }
      const quiet = () => storeQuiet(sandbox(), container)
      const world: MoneyWorld = { container, sandbox: sandbox(), api, admin, quiet }
      const all = crossingsToRun(states, { triples: TRIPLES, masterSeed: TRIPLE_SEED })
      const options = { world, quiet, concurrency: CONCURRENCY }
      // Order numbers are store-wide: the known failures' crossings run apart from the others.
      const batch = (cs: Crossing[]) => runCrossings(stage, states, cs, options)
      switching = await batch(all.filter(switchesWhilePaid))
      completing = await batch(all.filter((c) => !switchesWhilePaid(c) && completesWhilePending(c)))
      others = await batch(all.filter((c) => !switchesWhilePaid(c) && !completesWhilePending(c)))
      const took = (b: BatchResult) =>
        `${b.results.length} carts: ${Object.entries(b.ms)
          .map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`)
          .join(", ")}`
      console.info(
        `checkout crossings (${all.length - TRIPLES} pair schedules, ${TRIPLES} triples): ` +
          `switching ${took(switching)}; completing ${took(completing)}; others ${took(others)}`,
      )
      if (process.env.SLOWEST) {
        console.info(slowest([...switching.results, ...completing.results, ...others.results], 12))
      }
    })

    it("every pair and seeded triple of checkout events crossing on a cart: money stays whole", () => {
      expectWhole([...others.results, ...completing.results], others.burned)
    })

    // Known failures of issue 46, fixed in the product: they fail here until then.
    it.failing(
      "known (#46): switching method while the first payment's CONFIRMED is settled leaves a captured payment with no order and a case whose refund is refused",
      () => {
        expect(switching.results.length).toBeGreaterThan(0)
        expectWhole(switching.results, switching.burned)
      },
    )

    it.failing(
      "known (#46): completing a cart while its payment is pending burns order numbers",
      () => {
        expect(completing.results.length).toBeGreaterThan(0)
        expectWhole([], completing.burned, "crossings that complete a pending cart")
      },
    )
  },
})
