import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { Modules } from "@medusajs/framework/utils"
import { adminHeaders } from "../helpers/admin"
import { strayTransaction } from "../helpers/attention"
import { storeQuiet } from "../helpers/callbacks"
import { CARD, SBP, completeCart, createCart, eventually, startPayment } from "../helpers/checkout"
import {
  assertMoneyWhole,
  markOrderNumbers,
  moneyViolations,
  type MoneyWorld,
} from "../helpers/invariants"
import { callbackUrl, useSandbox } from "../helpers/sandbox"
import { seedStore, type StoreFixture } from "../helpers/store"

jest.setTimeout(180_000)

const sandbox = useSandbox()

// The money invariants' helper, shown failing on each broken state it guards: a helper that
// passes whatever the store holds would let every crossing pass.
medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: StoreFixture
    let world: MoneyWorld

    beforeAll(async () => {
      store = await seedStore(getContainer())
      world = {
        container: getContainer(),
        sandbox: sandbox(),
        api,
        admin: await adminHeaders(getContainer()),
        quiet: () => storeQuiet(sandbox(), getContainer()),
      }
    })
    beforeEach(async () => {
      await sandbox().control.setCallbackUrl(callbackUrl(api))
    })

    const payment = () => getContainer().resolve(Modules.PAYMENT)

    /** A cart whose SBP payment Platega confirmed while the store heard nothing of it. */
    async function paidUnheard(provider = SBP) {
      await sandbox().control.setCallbackUrl(null)
      const cartId = await createCart(api, store)
      const session = await startPayment(api, store, cartId, provider)
      await sandbox().control.confirm(session.data.transaction_id)
      return { cartId, session, txId: session.data.transaction_id }
    }

    it("a store where every payment became its order, was declined, or was refunded from its case is whole", async () => {
      const mark = await markOrderNumbers(getContainer())
      const paid = await createCart(api, store)
      const paidTx = (await startPayment(api, store, paid, CARD)).data.transaction_id
      await sandbox().control.confirm(paidTx)
      const declined = await createCart(api, store)
      await sandbox().control.decline(
        (await startPayment(api, store, declined, SBP)).data.transaction_id,
      )
      const abandoned = await createCart(api, store)
      await startPayment(api, store, abandoned, SBP)
      // Paid outside the store's checkout: a case the helper refunds, as the merchant would.
      const stray = await strayTransaction(sandbox(), 700, "not-from-this-store")
      await sandbox().control.confirm(stray)
      await world.quiet!()
      const scope = {
        carts: [paid, declined, abandoned],
        transactions: [stray],
        orderNumbersSince: mark,
      }
      await assertMoneyWhole(world, scope)
      expect(await sandbox().control.getTransaction(stray)).toMatchObject({
        status: "CHARGEBACKED",
        refundStatus: "COMPLETED",
      })
      // The whole store too: nothing else is in it yet.
      await assertMoneyWhole(world)
    })

    it("(1) a transaction Platega confirmed that the store never heard of: no order, no case", async () => {
      await sandbox().control.setCallbackUrl(null)
      const stray = await strayTransaction(sandbox(), 321.5, "not-from-this-store")
      await sandbox().control.confirm(stray)
      const found = await moneyViolations(world, { transactions: [stray], orderNumbers: false })
      expect(found).toEqual([
        expect.objectContaining({
          invariant: 1,
          what: expect.stringMatching(
            new RegExp(
              `transaction ${stray} \\(CONFIRMED, 321\\.50 RUB\\) pays no order .*no open case`,
            ),
          ),
        }),
      ])
    })

    it("(1) and (2) a payment captured by hand without an order, with no case", async () => {
      const { cartId, session, txId } = await paidUnheard()
      const captured = await payment().authorizePaymentSession(session.id, {})
      expect(captured?.captured_at).toBeTruthy()
      const found = await moneyViolations(world, { carts: [cartId], orderNumbers: false })
      expect(found.map((v) => v.invariant).sort()).toEqual([1, 2])
      expect(found.find((v) => v.invariant === 2)?.what).toMatch(
        new RegExp(
          `payment ${captured!.id} .*cart ${cartId}.* holds 2990\\.50 RUB captured for transaction ${txId} without an order`,
        ),
      )
    })

    it("(1) a paid transaction whose case cannot be refunded: Platega refuses the refund", async () => {
      const stray = await strayTransaction(sandbox(), 450, "not-from-this-store")
      await sandbox().control.confirm(stray)
      await world.quiet!()
      // The case is open; without acting on it, (1) holds.
      expect(
        await moneyViolations(
          world,
          { transactions: [stray], orderNumbers: false },
          { refundOpenCases: false },
        ),
      ).toEqual([])
      // Platega cannot refund it now (no balance): the helper's refund is refused, and says so.
      await sandbox().control.setBalance("RUB", 0)
      try {
        const found = await moneyViolations(world, { transactions: [stray], orderNumbers: false })
        expect(found).toEqual([
          expect.objectContaining({
            invariant: 1,
            what: expect.stringMatching(
              new RegExp(
                `transaction ${stray}: the refund of its open unmatched_payment case .* answered 400 .*INSUFFICIENT_BALANCE`,
              ),
            ),
          }),
        ])
      } finally {
        await sandbox().control.setBalance("RUB", 1_000_000)
      }
    })

    it("(3) an order holding a second captured payment for its total", async () => {
      const cartId = await createCart(api, store)
      const first = await startPayment(api, store, cartId, SBP)
      await sandbox().control.confirm(first.data.transaction_id)
      const done = await completeCart(api, store, cartId)
      expect(done.type).toBe("order")
      await world.quiet!()
      // A second payment captured on the order's collection, past the store's routes.
      await sandbox().control.setCallbackUrl(null)
      const collectionId = (first as unknown as { payment_collection_id: string })
        .payment_collection_id
      const extra = await payment().createPaymentSession(collectionId, {
        provider_id: CARD,
        amount: 2990.5,
        currency_code: "rub",
        data: { return_url: "http://localhost:8000/return" },
      })
      const txId = (extra.data as { transaction_id: string }).transaction_id
      await sandbox().control.confirm(txId)
      await payment().authorizePaymentSession(extra.id, {})
      const found = await moneyViolations(world, { carts: [cartId], orderNumbers: false })
      expect(found).toEqual([
        expect.objectContaining({
          invariant: 3,
          what: expect.stringMatching(
            /holds 5981\.00 captured for a total of 2990\.50.*no case names the extra 2990\.50/,
          ),
        }),
      ])
    })

    it("(4) an order created and deleted burns its number", async () => {
      const mark = await markOrderNumbers(getContainer())
      const orders = getContainer().resolve(Modules.ORDER)
      const [made] = await orders.createOrders([
        { currency_code: "rub", email: "burn@example.com" },
      ])
      await orders.deleteOrders([made.id])
      const found = await moneyViolations(world, { carts: [], orderNumbersSince: mark })
      expect(found).toEqual([
        expect.objectContaining({
          invariant: 4,
          what: expect.stringContaining(
            `1 order number(s) issued for no order: #${made.display_id}`,
          ),
        }),
      ])
      // Counted from a later mark, the same store holds no burned number.
      expect(
        await moneyViolations(world, {
          carts: [],
          orderNumbersSince: await markOrderNumbers(getContainer()),
        }),
      ).toEqual([])
    })

    it("(5) a subscription active at Platega that the store never made", async () => {
      await sandbox().control.setCallbackUrl(null)
      const res = await fetch(`${sandbox().url}/transaction/process`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "X-MerchantId": sandbox().merchantId,
          "X-Secret": sandbox().secret,
        },
        body: JSON.stringify({
          paymentMethod: 6,
          paymentDetails: { amount: 1200, currency: "RUB", interval: 2, intervalCount: 1 },
          description: "Subscribed outside the store",
        }),
      })
      expect(res.status).toBe(200)
      const { transactionId: subscriptionId } = (await res.json()) as { transactionId: string }
      await sandbox().control.bindSubscription(subscriptionId)
      const found = await moneyViolations(world, {
        subscriptions: [subscriptionId],
        orderNumbers: false,
      })
      expect(found.map((v) => v.invariant)).toContain(5)
      expect(found.find((v) => v.invariant === 5)?.what).toMatch(
        new RegExp(
          `subscription ${subscriptionId} is Active at Platega .*the store has no record of it`,
        ),
      )
      // Its first charge is money no order holds, with no case: (1) says so too.
      expect(found.find((v) => v.invariant === 1)?.what).toMatch(/pays no order/)
    })

    it("(2) a payment captured without an order whose money then went back to the payer", async () => {
      const cartId = await createCart(api, store)
      await sandbox().control.setCallbackUrl(null)
      const session = await startPayment(api, store, cartId, SBP)
      const txId = session.data.transaction_id
      await sandbox().control.confirm(txId)
      await payment().authorizePaymentSession(session.id, {})
      // Platega's record moves on (a control action only the sandbox can take).
      await sandbox().control.chargeback(txId)
      const found = await eventually(
        () => moneyViolations(world, { carts: [cartId], orderNumbers: false }),
        (v) => v.length > 0,
      )
      expect(found.map((v) => v.invariant)).toContain(2)
    })
  },
})
