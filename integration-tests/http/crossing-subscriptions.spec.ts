import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { prepareSubscriptions, subscriptionStates } from "../helpers/crossing-subscriptions"
import { describeCrossings } from "../helpers/crossings"
import { useSandbox } from "../helpers/sandbox"

jest.setTimeout(1_800_000)

// Many carts start payments from one address here: the per-client budget is not what is tested.
process.env.PLATEGA_PAYMENT_STARTS_PER_CLIENT = "100000"

const sandbox = useSandbox({ callbackRetryIntervalMs: 100 })

// A subscription's checkout and life: the payer binding, declining, being charged and cancelling
// while the shopper completes or switches and the store syncs, reconciles or cancels, each pair
// crossing on one cart (many side by side); then the money invariants, (5) included (issue 46).
medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    describeCrossings({
      family: "subscription",
      api,
      getContainer,
      sandbox,
      states: subscriptionStates(),
      prepare: prepareSubscriptions,
      // Each lane sets up a paid order: together and 200 ms apart, both orders (OFFSETS for more).
      offsets: [0, 200],
      triples: 8,
      tripleSeed: 4647,
    })
  },
})
