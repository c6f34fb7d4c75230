import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import Medusa from "@medusajs/js-sdk"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { adminHeaders } from "../helpers/admin"
import {
  CARD,
  SBP,
  cartOutcome,
  completeCart,
  createCart,
  eventually,
  startPayment,
} from "../helpers/checkout"
import { reconcile } from "../helpers/reconcile"
import { processedCallbacks } from "../helpers/callbacks"
import { callbackUrl, callbacksDelivered, useSandbox } from "../helpers/sandbox"
import { seedStore, type StoreFixture } from "../helpers/store"

jest.setTimeout(120_000)

const sandbox = useSandbox()

/** Every transaction the sandbox holds (its control API, not Platega's). */
async function transactionTotal(): Promise<number> {
  const res = await fetch(`${sandbox().url}/_sandbox/transactions?limit=1`)
  return ((await res.json()) as { total: number }).total
}

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: StoreFixture

    beforeAll(async () => {
      store = await seedStore(getContainer())
    })

    beforeEach(async () => {
      await sandbox().control.reset()
      await sandbox().control.setCallbackUrl(callbackUrl(api))
    })

    describe.each([
      ["SBP QR", SBP],
      ["card", CARD],
    ])("%s", (_name, provider) => {
      it("creates a Platega transaction for the session with what the storefront needs", async () => {
        const cartId = await createCart(api, store)
        const session = await startPayment(api, store, cartId, provider)
        expect(session.data.redirect).toMatch(/^http/)
        expect(session.data.amount).toBe("2990.50")
        const tx = await sandbox().control.getTransaction(session.data.transaction_id)
        expect(tx).toMatchObject({ status: "PENDING", payload: session.id, orderId: cartId })
        // The QR's text is read only for a storefront that shows the QR itself (data.show_qr).
        expect(session.data.qr).toBeUndefined()
        // What the payer reads: the shop and what they buy, no internal id.
        const [shop] = await getContainer().resolve(Modules.STORE).listStores({}, { take: 1 })
        const { data: items } = await getContainer()
          .resolve(ContainerRegistrationKeys.QUERY)
          .graph({ entity: "cart", fields: ["items.product_title"], filters: { id: cartId } })
        expect(tx?.description).toBe(`${shop.name}: ${items[0].items![0]!.product_title}`)
        expect(tx?.description).not.toMatch(/cart_|payses_/)
        // What Platega asks of the merchant: a stable payer id (a guest's keyed hash) and a name.
        const { data: carts } = await getContainer()
          .resolve(ContainerRegistrationKeys.QUERY)
          .graph({ entity: "cart", fields: ["email"], filters: { id: cartId } })
        expect(tx?.metadata).toEqual({
          userId: expect.stringMatching(/^guest_[0-9a-f]{32}$/),
          userName: "Иван Петров",
        })
        expect(JSON.stringify(tx?.metadata)).not.toContain(carts[0].email!.split("@")[0])
      })

      it("(a) shopper returns first: one order, captured, and the late callback changes nothing", async () => {
        await sandbox().control.setCallbackUrl(null)
        const cartId = await createCart(api, store)
        const session = await startPayment(api, store, cartId, provider)
        await sandbox().control.confirm(session.data.transaction_id)

        const done = await completeCart(api, store, cartId)
        expect(done.type).toBe("order")

        await sandbox().control.setCallbackUrl(callbackUrl(api))
        await sandbox().control.fireCallback(session.data.transaction_id)
        await callbacksDelivered(sandbox())
        await processedCallbacks(getContainer())
        const outcome = await cartOutcome(getContainer(), cartId)
        expect(outcome.orders).toHaveLength(1)
        expect(outcome.payments).toHaveLength(1)
        expect(outcome.payments[0].captured_at).toBeTruthy()
      })

      it("(b) callback first: the callback makes the order, the shopper's return finds it", async () => {
        const cartId = await createCart(api, store)
        const session = await startPayment(api, store, cartId, provider)
        await sandbox().control.confirm(session.data.transaction_id)

        const viaCallback = await eventually(
          () => cartOutcome(getContainer(), cartId),
          (o) => o.orders.length > 0,
        )
        expect(viaCallback.orders).toHaveLength(1)

        const done = await completeCart(api, store, cartId)
        expect(done.type).toBe("order")
        if (done.type === "order") expect(done.order.id).toBe(viaCallback.orders[0].id)
        const outcome = await cartOutcome(getContainer(), cartId)
        expect(outcome.orders).toHaveLength(1)
        expect(outcome.payments).toHaveLength(1)
        expect(outcome.payments[0].captured_at).toBeTruthy()
      })

      it("(c) callback and return at the same moment: exactly one order", async () => {
        const cartId = await createCart(api, store)
        const session = await startPayment(api, store, cartId, provider)
        const [, completion] = await Promise.all([
          sandbox().control.confirm(session.data.transaction_id),
          completeCart(api, store, cartId),
        ])
        // Whichever won, the cart ends in one order once the callback is processed.
        const outcome = await eventually(
          () => cartOutcome(getContainer(), cartId),
          (o) => o.orders.length > 0,
        )
        await callbacksDelivered(sandbox())
        await processedCallbacks(getContainer())
        const settled = await cartOutcome(getContainer(), cartId)
        expect(settled.orders).toHaveLength(1)
        expect(settled.orders).toEqual(outcome.orders)
        expect(settled.payments.filter((p) => p.captured_at)).toHaveLength(1)
        if (completion.type === "order") expect(completion.order.id).toBe(settled.orders[0].id)
      })

      it("a declined payment leaves no order and a cart that can be paid again", async () => {
        const cartId = await createCart(api, store)
        const first = await startPayment(api, store, cartId, provider)
        await sandbox().control.decline(first.data.transaction_id)

        const failed = await completeCart(api, store, cartId)
        expect(failed.type).toBe("cart")
        await callbacksDelivered(sandbox())
        await processedCallbacks(getContainer())
        expect((await cartOutcome(getContainer(), cartId)).orders).toHaveLength(0)

        const second = await startPayment(api, store, cartId, provider)
        expect(second.data.transaction_id).not.toBe(first.data.transaction_id)
        await sandbox().control.confirm(second.data.transaction_id)
        const done = await completeCart(api, store, cartId)
        expect(done.type).toBe("order")
        const outcome = await cartOutcome(getContainer(), cartId)
        expect(outcome.orders).toHaveLength(1)
      })

      it("choosing and re-choosing make no transaction; paying makes exactly one", async () => {
        const cartId = await createCart(api, store)
        const chosen = await startPayment(api, store, cartId, provider, {})
        expect(chosen.status).toBe("pending")
        expect(chosen.data.transaction_id).toBeUndefined()
        // The cart changes (its payment sessions are dropped) and the shopper picks again.
        const cart = await api.get(`/store/carts/${cartId}`, { headers: store.headers })
        const lineId = cart.data.cart.items[0].id
        await api.post(
          `/store/carts/${cartId}/line-items/${lineId}`,
          { quantity: 2 },
          { headers: store.headers },
        )
        const rechosen = await startPayment(api, store, cartId, provider, {})
        expect(await transactionTotal()).toBe(0)
        // Reconciliation passes a session with no transaction by: nothing to read, nothing failed.
        await reconcile(getContainer(), { minAgeMinutes: 0 })
        const untouched = (await cartOutcome(getContainer(), cartId)).sessions
        expect(untouched).toEqual([expect.objectContaining({ id: rechosen.id, status: "pending" })])

        const incomplete = await completeCart(api, store, cartId)
        expect(incomplete.type).toBe("cart")
        if (incomplete.type === "cart") {
          expect(incomplete.error?.message).toMatch(
            /payment was not started.*no Platega transaction yet.*data\.return_url/,
          )
        }
        expect((await cartOutcome(getContainer(), cartId)).orders).toHaveLength(0)

        const paying = await startPayment(api, store, cartId, provider)
        expect(paying.data).toMatchObject({ amount: "5981.00", redirect: expect.any(String) })
        expect(await transactionTotal()).toBe(1)
        await sandbox().control.confirm(paying.data.transaction_id)
        expect((await completeCart(api, store, cartId)).type).toBe("order")
        expect(await transactionTotal()).toBe(1)
      })

      it("an unpaid payment is not an order", async () => {
        const cartId = await createCart(api, store)
        await startPayment(api, store, cartId, provider)
        const pending = await completeCart(api, store, cartId)
        expect(pending.type).toBe("cart")
        expect((await cartOutcome(getContainer(), cartId)).orders).toHaveLength(0)
      })

      it("refunds the whole payment from the admin; a partial refund is refused", async () => {
        const cartId = await createCart(api, store)
        const session = await startPayment(api, store, cartId, provider)
        await sandbox().control.confirm(session.data.transaction_id)
        expect((await completeCart(api, store, cartId)).type).toBe("order")
        const { payments } = await cartOutcome(getContainer(), cartId)
        const admin = await adminHeaders(getContainer())

        const partial = await api.post(
          `/admin/payments/${payments[0].id}/refund`,
          { amount: 100 },
          { ...admin, validateStatus: () => true },
        )
        expect(partial.status).toBeGreaterThanOrEqual(400)
        expect(JSON.stringify(partial.data)).toMatch(/только весь платёж.+ \/ .+whole payment/)
        expect((await cartOutcome(getContainer(), cartId)).payments[0].refunds).toHaveLength(0)
        expect((await sandbox().control.getTransaction(session.data.transaction_id))?.status).toBe(
          "CONFIRMED",
        )

        const full = await api.post(
          `/admin/payments/${payments[0].id}/refund`,
          { amount: payments[0].amount },
          admin,
        )
        expect(full.status).toBe(200)
        expect((await sandbox().control.getTransaction(session.data.transaction_id))?.status).toBe(
          "CHARGEBACKED",
        )
        const after = await cartOutcome(getContainer(), cartId)
        expect(after.payments[0].refunds).toHaveLength(1)
        expect(Number(after.payments[0].refunds[0].amount)).toBe(Number(payments[0].amount))
      })
    })

    it("every method the merchant has: its own provider and title, a payer page, one order", async () => {
      const { data } = await api.get("/store/platega/methods", { headers: store.headers })
      const methods = new Map<string, { method: number; title: string }>(
        data.methods.map((m: { provider_id: string; method: number; title: string }) => [
          m.provider_id,
          m,
        ]),
      )
      expect(methods.get(SBP)).toEqual({ provider_id: SBP, method: 2, title: "СБП" })
      const cases: [string, number, string][] = [
        ["pp_platega-sberpay_platega", 14, "SberPay"],
        ["pp_platega-international-card_platega", 12, "Карта иностранного банка"],
        // Named by the options (PLATEGA_EXTRA_METHODS in the test store), no code of their own.
        ["pp_platega-method_3", 3, "ЕРИП"],
        ["pp_platega-method_13", 13, "Криптовалюта"],
      ]
      const methodNames: Record<number, string> = {
        14: "sberpay",
        12: "internationalacquiring",
        3: "erip",
        13: "crypto",
      }
      for (const [provider, code, title] of cases) {
        expect(methods.get(provider)).toMatchObject({ method: code, title })
        const cartId = await createCart(api, store)
        const session = await startPayment(api, store, cartId, provider)
        const txId = session.data.transaction_id
        expect((await sandbox().control.getTransaction(txId))?.paymentMethod).toBe(code)
        // The admin's Transactions list names the method the session was made for.
        const listed = await api.get("/admin/platega/transactions", {
          ...(await adminHeaders(getContainer())),
          params: { q: txId },
        })
        expect([provider, listed.data.transactions[0]?.method]).toEqual([
          provider,
          methodNames[code],
        ])
        const page = await fetch(session.data.redirect)
        expect([provider, page.status]).toEqual([provider, 200])
        await sandbox().control.confirm(txId)
        expect([provider, (await completeCart(api, store, cartId)).type]).toEqual([
          provider,
          "order",
        ])
        expect((await cartOutcome(getContainer(), cartId)).orders).toHaveLength(1)
      }
    })

    describe("the storefront kit", () => {
      // The kit is an ES module; this spec is CommonJS.
      let kit: typeof import("medusa-payment-platega-storefront", {
        with: { "resolution-mode": "import" },
      })
      beforeAll(async () => {
        kit = await import("medusa-payment-platega-storefront")
      })
      const sdk = () =>
        new Medusa({
          baseUrl: api.defaults.baseURL as string,
          publishableKey: store.headers["x-publishable-api-key"],
        })

      it("one transaction per attempt; the callback and the return page meet in one order", async () => {
        const cartId = await createCart(api, store)
        await startPayment(api, store, cartId, SBP, {})
        const started = await kit.startPlategaPayment({
          sdk: sdk(),
          cart: cartId,
          providerId: SBP,
          returnUrl: "http://localhost:8000/platega/return",
          qr: true,
        })
        expect(started).toMatchObject({ method: "sbp", amount: "2990.50", currency: "RUB" })
        expect(started.returnUrl).toBe(`http://localhost:8000/platega/return?cart_id=${cartId}`)
        expect(started.qr).toBeTruthy()
        expect(await transactionTotal()).toBe(1)
        const tx = await sandbox().control.getTransaction(started.plategaId!)
        expect(tx).toMatchObject({ payload: started.sessionId, returnUrl: started.returnUrl })

        const pending = await kit.finishPlategaPayment({ sdk: sdk(), cartId, timeoutMs: 0 })
        expect(pending.status).toBe("pending")
        const [, outcome] = await Promise.all([
          sandbox().control.confirm(started.plategaId!),
          kit.finishPlategaPayment({ sdk: sdk(), cartId, intervalMs: 300 }),
        ])
        expect(outcome.status).toBe("paid")
        await callbacksDelivered(sandbox())
        await processedCallbacks(getContainer())
        const settled = await cartOutcome(getContainer(), cartId)
        expect(settled.orders).toHaveLength(1)
        if (outcome.status === "paid") expect(outcome.order.id).toBe(settled.orders[0].id)
        expect(await transactionTotal()).toBe(1)
      })

      it("says failed for a declined payment and not_started for a method only chosen", async () => {
        const cartId = await createCart(api, store)
        await startPayment(api, store, cartId, CARD, {})
        const chosen = await kit.finishPlategaPayment({ sdk: sdk(), cartId, timeoutMs: 0 })
        expect(chosen).toMatchObject({
          status: "not_started",
          message: expect.stringMatching(/payment was not started/),
        })
        const started = await kit.startPlategaPayment({
          sdk: sdk(),
          cart: cartId,
          providerId: CARD,
          returnUrl: "http://localhost:8000/platega/return",
        })
        await sandbox().control.decline(started.plategaId!)
        const declined = await kit.finishPlategaPayment({ sdk: sdk(), cartId, timeoutMs: 0 })
        expect(declined).toMatchObject({ status: "failed", plategaStatus: "CANCELED" })
      })
    })

    describe("refunds Platega does not carry out", () => {
      async function paidOrder(quantity = 1) {
        const cartId = await createCart(api, store, quantity)
        const session = await startPayment(api, store, cartId, CARD)
        await sandbox().control.confirm(session.data.transaction_id)
        expect((await completeCart(api, store, cartId)).type).toBe("order")
        const { payments } = await cartOutcome(getContainer(), cartId)
        return { cartId, payment: payments[0], txId: session.data.transaction_id }
      }

      it("a refund left for Platega's manual review is an error, and no refund is recorded", async () => {
        // The sandbox sends refunds of 50,000 RUB and more to manual control.
        const { cartId, payment, txId } = await paidOrder(20)
        const res = await api.post(
          `/admin/payments/${payment.id}/refund`,
          { amount: payment.amount },
          { ...(await adminHeaders(getContainer())), validateStatus: () => true },
        )
        expect(res.status).toBe(400)
        expect(res.data.message).toMatch(/did not refund .*manual review/)
        expect((await cartOutcome(getContainer(), cartId)).payments[0].refunds).toHaveLength(0)
        expect((await sandbox().control.getTransaction(txId))?.status).toBe("CONFIRMED")
      })

      it("a refund Platega does not allow is an error with its reason and penalty", async () => {
        const { cartId, payment, txId } = await paidOrder()
        await sandbox().control.setBalance("RUB", 0)
        const res = await api.post(
          `/admin/payments/${payment.id}/refund`,
          { amount: payment.amount },
          { ...(await adminHeaders(getContainer())), validateStatus: () => true },
        )
        expect(res.status).toBe(400)
        // Its reason and what it would cost (the sandbox's penalty is its 3 % commission).
        expect(res.data.message).toMatch(/does not allow refunding .*INSUFFICIENT_BALANCE/)
        expect(res.data.message).toMatch(/penalty 89\.7\d RUB \([\d.]+ USDT\)/)
        expect(res.data.message).toMatch(/USDT\), total to deduct [\d.]+ USDT\)/)
        // The same in Russian first, as every refusal the admin reads.
        expect(res.data.message).toMatch(
          /^Platega не разрешает вернуть .*INSUFFICIENT_BALANCE.*штраф 89\.7\d RUB .* \/ Platega/,
        )
        expect((await cartOutcome(getContainer(), cartId)).payments[0].refunds).toHaveLength(0)
        // Before any money moved: still paid, the balance untouched.
        expect((await sandbox().control.getTransaction(txId))?.status).toBe("CONFIRMED")
        expect(
          (await sandbox().control.balances()).find((b) => b.currency === "RUB"),
        ).toMatchObject({ amount: 0 })
      })
    })
  },
})
