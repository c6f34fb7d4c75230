import Medusa from "@medusajs/js-sdk"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys, MathBN, Modules } from "@medusajs/framework/utils"
import { adminHeaders } from "../helpers/admin"
import {
  postCallback,
  processedCallbacks,
  quietWindow,
  transactionCallbackBody,
} from "../helpers/callbacks"
import {
  CARD,
  SBP,
  cartOutcome,
  completeCart,
  createCart,
  eventually,
  startPayment,
} from "../helpers/checkout"
import { useCountingProxy } from "../helpers/counting-proxy"
import { callbackUrl, callbacksDelivered, useSandbox } from "../helpers/sandbox"
import { seedStore, type StoreFixture } from "../helpers/store"

jest.setTimeout(180_000)

const sandbox = useSandbox()
const proxy = useCountingProxy(sandbox)

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))

// The checkout's meeting point (workflows/checkout/settle-checkout.ts) under crossing events: a
// change of method while Platega's callback settles the payment, completions while it is pending.
medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: StoreFixture

    beforeAll(async () => {
      store = await seedStore(getContainer())
    })

    beforeEach(async () => {
      await sandbox().control.reset()
      await sandbox().control.setCallbackUrl(null)
    })

    const query = () => getContainer().resolve(ContainerRegistrationKeys.QUERY)

    async function cartTotal(cartId: string): Promise<string> {
      const { data } = await query().graph({
        entity: "cart",
        fields: ["total"],
        filters: { id: cartId },
      })
      return MathBN.convert(data[0].total as never).toString()
    }

    /** Captured money of a cart's collection, as a decimal string. */
    async function captured(cartId: string): Promise<string> {
      const { payments } = await cartOutcome(getContainer(), cartId)
      const paid = payments.filter((p) => p.captured_at)
      const refunded = paid.flatMap((p) => p.refunds ?? []).map((r) => r.amount)
      return MathBN.sub(
        MathBN.add(0, ...paid.map((p) => p.amount)),
        MathBN.add(0, ...refunded),
      ).toString()
    }

    function switchTo(cartId: string, collectionId: string, provider: string) {
      return api.post(
        `/store/payment-collections/${collectionId}/payment-sessions`,
        {
          provider_id: provider,
          data: { return_url: `http://localhost:8000/return?cart_id=${cartId}` },
        },
        { headers: store.headers, validateStatus: () => true },
      )
    }

    async function openCase(txId: string) {
      const admin = await adminHeaders(getContainer())
      const rows = (await api.get("/admin/platega/transactions", { ...admin, params: { q: txId } }))
        .data.transactions as {
        id: string
        cases: { id: string; kind: string; refundable: boolean }[]
      }[]
      return rows.find((r) => r.id === txId.toLowerCase())?.cases ?? []
    }

    const offsets = [0, 50, 200]
    const schedules = offsets.flatMap((ms) => [
      { first: "callback" as const, ms },
      { first: "switch" as const, ms },
    ])

    it.each(schedules)(
      "a switch to card while SBP's CONFIRMED callback is settled ($first first, +$ms ms): one order from one payment, or the SBP money back through its case",
      async ({ first, ms }) => {
        const cartId = await createCart(api, store)
        const sbp = await startPayment(api, store, cartId, SBP)
        const txId = sbp.data.transaction_id
        const total = await cartTotal(cartId)
        await sandbox().control.confirm(txId)
        const body = await transactionCallbackBody(sandbox(), txId)
        const { data: links } = await query().graph({
          entity: "cart_payment_collection",
          fields: ["payment_collection_id"],
          filters: { cart_id: cartId },
        })
        const collectionId = links[0].payment_collection_id as string
        const callback = () => postCallback(api, sandbox(), body)
        const change = () => switchTo(cartId, collectionId, CARD)
        const [a, b] = first === "callback" ? [callback, change] : [change, callback]
        const answers = await Promise.all([a(), pause(ms).then(b)])
        const switched = answers[first === "callback" ? 1 : 0]
        expect([200, 409]).toContain(switched.status)
        await processedCallbacks(getContainer(), { plategaId: txId })
        await quietWindow()

        const outcome = await cartOutcome(getContainer(), cartId)
        if (switched.status === 409) {
          // The payment landed first: the cart became its order, with that one payment.
          expect(switched.data).toMatchObject({
            code: "cart_paid",
            message: expect.stringMatching(/is paid already/),
          })
          expect(outcome.orders).toHaveLength(1)
          expect(await captured(cartId)).toBe(total)
          return
        }
        // The switch came first: no order, no captured payment; the SBP money is a case whose
        // refund reaches Platega.
        expect(outcome.orders).toHaveLength(0)
        expect(outcome.payments.filter((p) => p.captured_at)).toHaveLength(0)
        const cases = await eventually(
          () => openCase(txId),
          (c) => c.length > 0,
        )
        expect(cases).toEqual([
          expect.objectContaining({ kind: "paid_after_abandon", refundable: true }),
        ])
        const admin = await adminHeaders(getContainer())
        const refund = await api.post(
          `/admin/platega/transactions/${txId}/cases/${cases[0].id}/refund`,
          {},
          { ...admin, validateStatus: () => true },
        )
        expect(refund.status).toBe(200)
        expect(await sandbox().control.getTransaction(txId)).toMatchObject({
          status: "CHARGEBACKED",
        })
        // The card pays the cart: one order holding exactly the total.
        const card = outcome.sessions.find((s) => s.provider_id === CARD)!
        await sandbox().control.confirm(card.data.transaction_id as string)
        expect((await completeCart(api, store, cartId)).type).toBe("order")
        expect(await captured(cartId)).toBe(total)
      },
    )

    it("a captured payment no order holds is refunded from its case, through Medusa's payment and at Platega", async () => {
      const cartId = await createCart(api, store)
      const sbp = await startPayment(api, store, cartId, SBP)
      const txId = sbp.data.transaction_id
      await sandbox().control.confirm(txId)
      // Paid and captured, then its session deleted (as an older store, or Medusa itself, may
      // leave it): money captured, no order.
      const payments = getContainer().resolve(Modules.PAYMENT)
      await payments.authorizePaymentSession(sbp.id, {})
      await payments.deletePaymentSession(sbp.id)
      const admin = await adminHeaders(getContainer())
      await api.post(`/admin/platega/transactions/${txId}/recheck`, {}, admin)
      const cases = await eventually(
        () => openCase(txId),
        (c) => c.length > 0,
      )
      expect(cases).toEqual([expect.objectContaining({ refundable: true })])
      const refund = await api.post(
        `/admin/platega/transactions/${txId}/cases/${cases[0].id}/refund`,
        {},
        { ...admin, validateStatus: () => true },
      )
      expect(refund.status).toBe(200)
      expect(await sandbox().control.getTransaction(txId)).toMatchObject({ status: "CHARGEBACKED" })
      const { payments: after } = await cartOutcome(getContainer(), cartId)
      const { data: refunded } = await query().graph({
        entity: "payment",
        fields: ["amount", "refunds.amount"],
        filters: { payment_session_id: sbp.id },
      })
      expect(after.filter((p) => p.captured_at).length + refunded.length).toBeGreaterThan(0)
      const paid = refunded[0] as { amount: number; refunds: { amount: number }[] }
      expect(MathBN.eq(paid.refunds[0].amount, paid.amount)).toBe(true)
    })

    it("an item added once the payment went through is refused; the cart becomes its order", async () => {
      const cartId = await createCart(api, store)
      const sbp = await startPayment(api, store, cartId, SBP)
      const total = await cartTotal(cartId)
      await sandbox().control.confirm(sbp.data.transaction_id)
      // The payment is settled (authorized) but the order is not made yet.
      await getContainer().resolve(Modules.PAYMENT).authorizePaymentSession(sbp.id, {})
      const added = await api.post(
        `/store/carts/${cartId}/line-items`,
        { variant_id: store.variantId, quantity: 1 },
        { headers: store.headers, validateStatus: () => true },
      )
      expect(added.status).toBe(400)
      expect(added.data.message).toMatch(/is paid already/)
      expect((await completeCart(api, store, cartId)).type).toBe("order")
      expect(await captured(cartId)).toBe(total)
    })

    it("the shopper's return after the callback made the order is answered with that order, without completing the cart again", async () => {
      const cartId = await createCart(api, store)
      const sbp = await startPayment(api, store, cartId, SBP)
      const tx = sbp.data.transaction_id
      await sandbox().control.confirm(tx)
      expect(
        (await postCallback(api, sandbox(), await transactionCallbackBody(sandbox(), tx))).status,
      ).toBe(200)
      const [made] = await eventually(
        async () => (await cartOutcome(getContainer(), cartId)).orders,
        (orders) => orders.length === 1,
      )
      await processedCallbacks(getContainer(), { plategaId: tx })
      const completions = async () => {
        const { rows } = await getContainer()
          .resolve(ContainerRegistrationKeys.PG_CONNECTION)
          .raw(
            `select count(*)::int as n from workflow_execution where workflow_id = 'complete-cart'`,
          )
        return rows[0].n as number
      }
      const before = await completions()
      const done = await completeCart(api, store, cartId)
      expect(done.type).toBe("order")
      const order = (done as { order: Record<string, unknown> }).order
      // As Medusa's route answers a completion: the order with the store's order fields.
      expect(order).toMatchObject({ id: made.id, currency_code: "rub" })
      expect(MathBN.convert(order.total as never).toString()).toBe(await cartTotal(cartId))
      expect(order.items).toEqual([expect.objectContaining({ variant_id: store.variantId })])
      // Medusa's completion did not run again (it reads the whole cart to find the order).
      expect(await completions()).toBe(before)
      // Without a publishable key the route still refuses, as Medusa's does.
      const anonymous = await api.post(
        `/store/carts/${cartId}/complete`,
        {},
        { validateStatus: () => true },
      )
      expect(anonymous.status).toBe(400)
    })

    it("completions while the payment is pending make no order and spend no order number; Platega is read at most once per 15 s", async () => {
      const { data: before } = await query().graph({ entity: "order", fields: ["display_id"] })
      const last = Math.max(0, ...before.map((o) => Number(o.display_id)))
      const cartId = await createCart(api, store)
      const sbp = await startPayment(api, store, cartId, SBP)
      const txId = sbp.data.transaction_id
      proxy().reset()
      const answers = []
      for (let i = 0; i < 4; i++) {
        answers.push(
          await api.post(
            `/store/carts/${cartId}/complete`,
            {},
            {
              headers: store.headers,
              validateStatus: () => true,
            },
          ),
        )
      }
      expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 400])
      expect(answers[0].data).toMatchObject({
        code: "payment_pending",
        message: expect.stringMatching(/^Platega has not confirmed the payment yet/),
      })
      // The first completion read Platega; the others within 15 s read nothing.
      expect(proxy().count("GET /transaction/:id")).toBe(1)
      expect((await cartOutcome(getContainer(), cartId)).orders).toHaveLength(0)

      await sandbox().control.confirm(txId)
      await postCallback(api, sandbox(), await transactionCallbackBody(sandbox(), txId))
      await processedCallbacks(getContainer(), { plategaId: txId })
      const done = await completeCart(api, store, cartId)
      expect(done.type).toBe("order")
      const { data: orders } = await query().graph({
        entity: "order",
        fields: ["display_id"],
        filters: { id: (done as { order: { id: string } }).order.id },
      })
      // No order was made and rolled back: the next number went to this order.
      expect(Number(orders[0].display_id)).toBe(last + 1)
      expect(proxy().count("GET /transaction/:id")).toBe(2)
    })

    it("the kit's SBP watch over a payment made after 30 s: the order, at most 3 reads of the transaction, no order number spent", async () => {
      // The kit is an ES module; this spec is CommonJS.
      const kit = await import("medusa-payment-platega-storefront")
      const sdk = new Medusa({
        baseUrl: api.defaults.baseURL as string,
        publishableKey: store.headers["x-publishable-api-key"],
      })
      const { data: before } = await query().graph({ entity: "order", fields: ["display_id"] })
      const last = Math.max(0, ...before.map((o) => Number(o.display_id)))
      await sandbox().control.setCallbackUrl(callbackUrl(api))
      const cartId = await createCart(api, store)
      proxy().reset()
      const payment = await kit.startPlategaPayment({
        sdk,
        cart: cartId,
        providerId: SBP,
        returnUrl: "http://localhost:8000/return",
        qr: true,
      })
      const paid = new Promise<{ status: string; order?: { id: string } }>((resolve) => {
        const stop = kit.watchPlategaPayment({
          sdk,
          cartId,
          onChange: (o) => {
            if (o.status === "pending") return
            stop()
            resolve(o as never)
          },
        })
      })
      await pause(30_000)
      await sandbox().control.confirm(payment.plategaId!)
      await callbacksDelivered(sandbox())
      const outcome = await paid
      expect(outcome.status).toBe("paid")
      // The QR's read when it started, at most one while waiting (every 20 s, read at most once
      // per 15 s), and the callback's.
      expect(proxy().count("GET /transaction/:id")).toBeLessThanOrEqual(3)
      const { data: orders } = await query().graph({
        entity: "order",
        fields: ["display_id"],
        filters: { id: outcome.order!.id },
      })
      expect(Number(orders[0].display_id)).toBe(last + 1)
    })
  },
})
