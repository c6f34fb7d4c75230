import fc from "fast-check"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { callbackLog, postCallback, processedCallbacks, quietWindow } from "../helpers/callbacks"
import { SBP, createCart, startPayment } from "../helpers/checkout"
import { useSandbox } from "../helpers/sandbox"
import { seedStore } from "../helpers/store"

jest.setTimeout(300_000)

const sandbox = useSandbox()
const RUNS = 1000

/** Bodies Platega never sends: random JSON, near-miss callbacks, broken text. Seeded: repeatable. */
const status = fc.oneof(
  fc.constantFrom("CONFIRMED", "CANCELED", "CHARGEBACKED", "PENDING", "SUBSCRIPTION_ACTIVATED", ""),
  fc.string(),
)
const id = fc.oneof(fc.uuid(), fc.string(), fc.integer(), fc.constant(null))
const amount = fc.oneof(
  fc.double(),
  fc.string(),
  fc.constant("1e309"),
  fc.integer({ min: -1e9, max: 1e9 }),
)
const nearMiss = fc.oneof(
  fc.record(
    { id, amount, currency: fc.string(), status, payload: fc.oneof(fc.string(), id) },
    { requiredKeys: [] },
  ),
  fc.record(
    {
      Id: id,
      Amount: amount,
      Currency: fc.string(),
      Status: status,
      SubscriptionId: id,
      NextChargeAt: fc.string(),
    },
    { requiredKeys: [] },
  ),
)
const body = fc.oneof(
  { weight: 3, arbitrary: nearMiss.map((v) => JSON.stringify(v)) },
  { weight: 2, arbitrary: fc.json() },
  { weight: 1, arbitrary: fc.string() },
  { weight: 1, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v).slice(0, -1)) },
)

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    it(`${RUNS} random and malformed bodies with valid headers: no 5xx, nothing changes`, async () => {
      const store = await seedStore(getContainer())
      await sandbox().control.setCallbackUrl(null)
      // A real, paid checkout whose callback never came: fuzzing must not turn it into an order.
      const cartId = await createCart(api, store)
      const session = await startPayment(api, store, cartId, SBP)
      await sandbox().control.confirm(session.data.transaction_id)

      const statuses = new Map<number, number>()
      const samples = fc.sample(body, { numRuns: RUNS, seed: 20261122 })
      const started = performance.now()
      for (const raw of samples) {
        const res = await postCallback(api, sandbox(), raw)
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
        if (res.status >= 500)
          throw new Error(`5xx for body ${raw.slice(0, 200)}: ${JSON.stringify(res.data)}`)
      }
      // A figure for the reader, not an assertion: how fast the route answers, one request at a time.
      const perRequestMs = (performance.now() - started) / RUNS
      console.info(
        `callback fuzz: ${JSON.stringify(Object.fromEntries(statuses))}, ${perRequestMs.toFixed(1)} ms per answer`,
      )
      expect([...statuses.keys()].every((s) => s === 200 || s === 400)).toBe(true)
      expect(statuses.get(400)).toBeGreaterThan(0)

      // Every body the route recorded has been acted on; some were recorded more than once.
      await processedCallbacks(getContainer(), { atLeast: 0, timeoutMs: 120_000 })
      await quietWindow()
      const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
      const { data: orders } = await query.graph({ entity: "order", fields: ["id"] })
      const { data: payments } = await query.graph({ entity: "payment", fields: ["id"] })
      expect(orders).toHaveLength(0)
      expect(payments).toHaveLength(0)
      const log = await callbackLog(getContainer())
      expect(log.filter((e) => e.outcome === "captured")).toHaveLength(0)
    })
  },
})
