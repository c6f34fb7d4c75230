import { finishPlategaPayment, watchPlategaPayment } from "../core/finish-payment.js"
import type { MedusaSdk, PlategaPaymentSession } from "../core/medusa.js"

/**
 * A store as the kit sees it, scripted: the cart's session is pending until `paidAfterMs`, then
 * authorized (Platega's callback settled it); completion answers 400 `payment_pending` before
 * that and the order after. Counts what the kit asked.
 */
function scriptedStore(paidAfterMs: number) {
  const start = Date.now()
  const calls = { complete: 0, cart: 0 }
  const paid = () => Date.now() - start >= paidAfterMs
  const session = (): PlategaPaymentSession => ({
    id: "payses_1",
    provider_id: "pp_platega-sbp_platega",
    status: paid() ? "authorized" : "pending",
    data: { transaction_id: "tx_1", platega_status: paid() ? "CONFIRMED" : "PENDING" },
  })
  const sdk: MedusaSdk = {
    client: {
      fetch: <T>(url: string) => {
        if (url.endsWith("/complete")) {
          calls.complete++
          if (paid()) return Promise.resolve({ type: "order", order: { id: "order_1" } } as T)
          return Promise.reject(
            Object.assign(new Error("Platega has not confirmed the payment yet"), { status: 400 }),
          )
        }
        calls.cart++
        return Promise.resolve({
          cart: { id: "cart_1", payment_collection: { id: "pc_1", payment_sessions: [session()] } },
        } as T)
      },
    },
  }
  return { sdk, calls }
}

describe("waiting for a payment", () => {
  it("the return page completes once, then waits on the cart and completes only when it says paid or the ask interval passed", async () => {
    const { sdk, calls } = scriptedStore(230)
    const outcome = await finishPlategaPayment({
      sdk,
      cartId: "cart_1",
      intervalMs: 10,
      askEveryMs: 100,
      timeoutMs: 2_000,
    })
    expect(outcome).toMatchObject({ status: "paid", order: { id: "order_1" } })
    // On arrival, at ~100 and ~200 ms (asked anyway), and once the cart said paid.
    expect(calls.complete).toBeGreaterThanOrEqual(3)
    expect(calls.complete).toBeLessThanOrEqual(4)
    expect(calls.cart).toBeGreaterThan(calls.complete * 2)
  })

  it("answers pending with the store's words when the payment is not confirmed in time", async () => {
    const { sdk, calls } = scriptedStore(Infinity)
    const outcome = await finishPlategaPayment({ sdk, cartId: "cart_1", timeoutMs: 0 })
    expect(outcome).toMatchObject({
      status: "pending",
      message: expect.stringMatching(/not confirmed/),
    })
    expect(calls.complete).toBe(1)
  })

  it("the watch completes nothing while the cart is pending, until the ask interval, and stops once paid", async () => {
    const { sdk, calls } = scriptedStore(150)
    const seen: string[] = []
    await new Promise<void>((resolve) => {
      watchPlategaPayment({
        sdk,
        cartId: "cart_1",
        intervalMs: 10,
        askEveryMs: 1_000,
        onChange: (o) => {
          seen.push(o.status)
          if (o.status !== "pending") resolve()
        },
      })
    })
    expect(seen.at(-1)).toBe("paid")
    // Only the completion that turned the paid cart into its order.
    expect(calls.complete).toBe(1)
    expect(calls.cart).toBeGreaterThan(5)
  })
})
