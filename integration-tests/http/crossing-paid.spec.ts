import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { linkStates } from "../helpers/crossing-links"
import { paymentStates, prepareCheckout } from "../helpers/crossing-payments"
import { describeCrossings } from "../helpers/crossings"
import { useSandbox } from "../helpers/sandbox"

jest.setTimeout(1_800_000)

// Many carts start payments from one address here: the per-client budget is not what is tested.
process.env.PLATEGA_PAYMENT_STARTS_PER_CLIENT = "100000"

const sandbox = useSandbox({ callbackRetryIntervalMs: 100 })

// After the money lands: late and duplicate callbacks, chargebacks, refunds from the order and
// from a case, a payment link paid while it is replaced, crossing the shopper's return and the
// store's re-check and reconciliation on one cart each; then the money invariants (issue 46).
medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    describeCrossings({
      family: "paid checkout",
      api,
      getContainer,
      sandbox,
      states: [...paymentStates(["sbp-paid", "case-open"]), ...linkStates()],
      prepare: prepareCheckout,
      // Each lane sets up a paid order: together and 200 ms apart, both orders (OFFSETS for more).
      offsets: [0, 200],
      triples: 8,
      tripleSeed: 4646,
    })
  },
})
