import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { paymentStates, prepareCheckout } from "../helpers/crossing-payments"
import { describeCrossings } from "../helpers/crossings"
import { useSandbox } from "../helpers/sandbox"

jest.setTimeout(1_800_000)

// Many carts start payments from one address here: the per-client budget is not what is tested.
process.env.PLATEGA_PAYMENT_STARTS_PER_CLIENT = "100000"

const sandbox = useSandbox({ callbackRetryIntervalMs: 100 })

// Before the money lands: the shopper starting, switching, editing and completing a cart while
// Platega confirms or declines and the store reconciles or re-checks, each pair crossing on one
// cart (many carts side by side); then the money invariants for each cart (issue 46).
medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    describeCrossings({
      family: "checkout",
      api,
      getContainer,
      sandbox,
      states: paymentStates(["cart", "sbp-pending"]),
      prepare: prepareCheckout,
      triples: 8,
      tripleSeed: 46,
    })
  },
})
