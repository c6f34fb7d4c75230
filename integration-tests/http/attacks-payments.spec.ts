import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import {
  isFinalOutcome,
  PLATEGA_MODULE,
  type PlategaModuleService,
} from "../../src/modules/platega"
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
import { callbackLog, postCallback, transactionCallbackBody } from "../helpers/callbacks"
import { useCountingProxy } from "../helpers/counting-proxy"
import { captureOutput } from "../helpers/output"
import { callbackUrl, useSandbox } from "../helpers/sandbox"
import { seedStore, type StoreFixture } from "../helpers/store"

jest.setTimeout(120_000)

/** Medusa's refusal of a refund past what is captured (its workflow's check, or its module's). */
const NOTHING_LEFT_TO_REFUND =
  /^You (cannot refund more than what is captured on the payment|are not allowed to refund more than the captured amount)\.?$/

const sandbox = useSandbox()
// The store talks to Platega through a proxy that counts its calls.
const proxy = useCountingProxy(sandbox)

/**
 * Attacks on the money itself: one Platega payment made to pay several Medusa payments, a refund
 * doubled by racing it, and a payment refunded behind the shopper's back when a session is
 * abandoned. Each asserts what an attacker would gain: orders, captures, refunds.
 */
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

    /** A cart paid for honestly: its order, its session and its confirmed transaction. */
    async function paidCart(provider = SBP) {
      const cartId = await createCart(api, store)
      const session = await startPayment(api, store, cartId, provider)
      await sandbox().control.confirm(session.data.transaction_id)
      expect((await completeCart(api, store, cartId)).type).toBe("order")
      return { cartId, sessionId: session.id, transactionId: session.data.transaction_id }
    }

    /**
     * Authorizes a session through the payment module, expecting the provider's refusal: Medusa's
     * NOT_ALLOWED for a session the provider did not authorize, the session left in `error`, and
     * what the provider logged about it (its reason).
     */
    async function authorizeRefused(sessionId: string) {
      const payment = getContainer().resolve(Modules.PAYMENT)
      const output = captureOutput(getContainer)
      let error: unknown
      try {
        await payment.authorizePaymentSession(sessionId, {})
      } catch (e) {
        error = e
      } finally {
        output.stop()
      }
      expect(error).toBeInstanceOf(MedusaError)
      expect(error).toMatchObject({
        type: MedusaError.Types.NOT_ALLOWED,
        message: `Session: ${sessionId} was not authorized with the provider.`,
      })
      expect((await payment.retrievePaymentSession(sessionId)).status).toBe("error")
      expect(await payment.listPayments({ payment_session_id: sessionId })).toEqual([])
      return { logged: output.text() }
    }

    it("a paid transaction named in another cart's session data pays nothing there", async () => {
      const a = await paidCart()
      const cartB = await createCart(api, store)
      const {
        data: { payment_collection },
      } = await api.post("/store/payment-collections", { cart_id: cartB }, store)
      // The starter-style "choose the method" call, carrying A's transaction.
      const chosen = await api.post(
        `/store/payment-collections/${payment_collection.id}/payment-sessions`,
        { provider_id: SBP, data: { transaction_id: a.transactionId } },
        { ...store, validateStatus: () => true },
      )
      // Refused at the door, or (if a storefront route let it through) refused at authorization.
      expect([200, 400]).toContain(chosen.status)
      expect((await completeCart(api, store, cartB)).type).toBe("cart")
      const b = await cartOutcome(getContainer(), cartB)
      expect(b.orders).toHaveLength(0)
      expect(b.payments).toHaveLength(0)
      const paidA = await cartOutcome(getContainer(), a.cartId)
      expect(paidA.payments.filter((p) => p.captured_at)).toHaveLength(1)
    })

    it("a session made past the store route with a foreign transaction is not authorized", async () => {
      // What a bug or another plugin could do: the payment module itself, no storefront in between.
      const a = await paidCart(CARD)
      const cartB = await createCart(api, store)
      const {
        data: { payment_collection },
      } = await api.post("/store/payment-collections", { cart_id: cartB }, store)
      const payment = getContainer().resolve(Modules.PAYMENT)
      const session = await payment.createPaymentSession(payment_collection.id, {
        provider_id: CARD,
        amount: payment_collection.amount,
        currency_code: payment_collection.currency_code,
        data: { transaction_id: a.transactionId },
      })
      const refusal = await authorizeRefused(session.id)
      // The provider's reason: the transaction was made for A's session, not this one.
      expect(refusal.logged).toContain(
        `not accepted as paid for session ${session.id}: transaction ${a.transactionId} was made for another payment (payload ${a.sessionId})`,
      )
      expect((await completeCart(api, store, cartB)).type).toBe("cart")
      expect((await cartOutcome(getContainer(), cartB)).orders).toHaveLength(0)
      const [captured] = await payment.listPayments({ payment_session_id: session.id })
      expect(captured).toBeUndefined()
    })

    it("a CONFIRMED payment of another amount than its session asks is not authorized: the session's own amount, not its data, is compared", async () => {
      // Moved here from provider.local.spec: the provider reads what Medusa will capture from the
      // payment module's session (paymentSessionService); a local spec has no payment module (no
      // database), so there the provider compares the session data's amount, its fallback.
      const cartId = await createCart(api, store)
      const started = await startPayment(api, store, cartId, CARD)
      const knex = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
      const [{ amount }] = await knex("payment_session").select("amount").where({ id: started.id })
      // What Medusa would capture is now 1 ₽ less than the transaction's amount; the session's
      // data still says the transaction's amount, so only the session's own amount tells them apart.
      const less = (Number(amount) - 1).toFixed(2)
      await knex("payment_session")
        .update({ amount: less, raw_amount: { value: less, precision: 20 } })
        .where({ id: started.id })
      await sandbox().control.confirm(started.data.transaction_id)
      const payment = getContainer().resolve(Modules.PAYMENT)
      const data = (await payment.retrievePaymentSession(started.id)).data as { amount: string }
      expect(Number(data.amount)).toBe(Number(amount))

      const refusal = await authorizeRefused(started.id)
      expect(refusal.logged).toContain(
        `Platega: transaction ${started.data.transaction_id} is CONFIRMED but amount ${Number(amount)} differs from ${less}; not accepted as paid`,
      )
      expect((await completeCart(api, store, cartId)).type).toBe("cart")
      expect((await cartOutcome(getContainer(), cartId)).orders).toHaveLength(0)
    })

    it("two refunds of one payment at the same moment: the money goes back once, one refund recorded", async () => {
      const a = await paidCart()
      const { payments } = await cartOutcome(getContainer(), a.cartId)
      const admin = await adminHeaders(getContainer())
      const refund = () =>
        api.post(
          `/admin/payments/${payments[0].id}/refund`,
          { amount: payments[0].amount },
          { ...admin, validateStatus: () => true },
        )
      const answers = await Promise.all([refund(), refund(), refund(), refund(), refund()])
      expect(answers.filter((r) => r.status === 200)).toHaveLength(1)
      // The others refused by Medusa: nothing is left to refund once the first one is recorded.
      const refused = answers.filter((r) => r.status !== 200)
      expect(refused.map((r) => [r.status, r.data.type])).toEqual(
        refused.map(() => [400, "invalid_data"]),
      )
      for (const r of refused) expect(r.data.message).toMatch(NOTHING_LEFT_TO_REFUND)
      const after = await cartOutcome(getContainer(), a.cartId)
      expect(after.payments[0].refunds).toHaveLength(1)
      expect((await sandbox().control.getTransaction(a.transactionId))?.status).toBe("CHARGEBACKED")
      // Asked again later: refused, nothing left to refund, nothing more recorded.
      const again = await refund()
      expect(again.status).toBe(400)
      expect(again.data).toMatchObject({ type: "invalid_data" })
      expect(again.data.message).toMatch(NOTHING_LEFT_TO_REFUND)
      expect((await cartOutcome(getContainer(), a.cartId)).payments[0].refunds).toHaveLength(1)
    })

    it("a case's refund never returns money that pays an order", async () => {
      const a = await paidCart()
      // A case on that transaction that names no order (as a misread of it would make).
      const platega = getContainer().resolve<PlategaModuleService>(PLATEGA_MODULE)
      const [flagged] = await platega.createPlategaCallbackEvents([
        {
          event_key: `transaction:${a.transactionId}:CONFIRMED`,
          kind: "transaction",
          platega_id: a.transactionId,
          status: "CONFIRMED",
          body: { id: a.transactionId, amount: 2990.5, currency: "RUB", status: "CONFIRMED" },
          outcome: "flagged",
          detail: "paid but matches no payment session",
        },
      ])
      const admin = await adminHeaders(getContainer())
      const res = await api.post(
        `/admin/platega/transactions/${a.transactionId}/cases/${flagged.id}/refund`,
        {},
        { ...admin, validateStatus: () => true },
      )
      expect(res.status).toBe(400)
      expect(res.data).toMatchObject({ type: "not_allowed" })
      expect(res.data.message).toContain(
        `Platega: transaction ${a.transactionId} pays payment session ${a.sessionId} of order`,
      )
      expect(res.data.message).toContain("refund it from its order")
      expect((await sandbox().control.getTransaction(a.transactionId))?.status).toBe("CONFIRMED")
      expect((await cartOutcome(getContainer(), a.cartId)).orders).toHaveLength(1)
    })

    it("a session abandoned for another never cancels its transaction; paid after all, it is a case, not a refund", async () => {
      await sandbox().control.setCallbackUrl(callbackUrl(api))
      const cartId = await createCart(api, store)
      const first = await startPayment(api, store, cartId, SBP)
      proxy().reset()
      // The shopper picks the card instead: the SBP session is replaced.
      const second = await startPayment(api, store, cartId, CARD)
      expect(second.data.transaction_id).not.toBe(first.data.transaction_id)
      // Nothing was asked of Platega about the first (a cancel of a payment that lands at that
      // moment is a refund): it is still payable, not cancelled.
      expect(proxy().count("GET /transaction/:id/cancel-supported")).toBe(0)
      expect(proxy().count("POST /transaction/:id/cancel")).toBe(0)
      expect((await sandbox().control.getTransaction(first.data.transaction_id))?.status).toBe(
        "PENDING",
      )

      // The payer pays the first after all: no order, no refund, one case for the merchant.
      await sandbox().control.confirm(first.data.transaction_id)
      const admin = await adminHeaders(getContainer())
      const list = async () =>
        (
          await api.get("/admin/platega/transactions", {
            ...admin,
            params: { q: first.data.transaction_id },
          })
        ).data as { transactions: { cases: { kind: string; refundable: boolean }[] }[] }
      const row = await eventually(list, (l) => !!l.transactions[0]?.cases.length)
      expect(row.transactions[0].cases).toEqual([expect.objectContaining({ refundable: true })])
      expect((await cartOutcome(getContainer(), cartId)).orders).toHaveLength(0)
      expect((await sandbox().control.getTransaction(first.data.transaction_id))?.status).toBe(
        "CONFIRMED",
      )

      // The card payment still makes the cart's one order.
      await sandbox().control.confirm(second.data.transaction_id)
      expect((await completeCart(api, store, cartId)).type).toBe("order")
      const outcome = await cartOutcome(getContainer(), cartId)
      expect(outcome.orders).toHaveLength(1)
      expect(outcome.payments.filter((p) => p.captured_at)).toHaveLength(1)
    })

    it("a session started again with another transaction: the first one's CONFIRMED callback, after the second paid the cart, is read and becomes a case", async () => {
      const cartId = await createCart(api, store)
      const started = await startPayment(api, store, cartId, SBP)
      const first = started.data.transaction_id
      // The payment module starts the same session again (as an update with new terms does): the
      // store's record maps both transactions to this one session.
      const payments = getContainer().resolve(Modules.PAYMENT)
      const session = await payments.retrievePaymentSession(started.id)
      const { transaction_id: _old, ...data } = session.data as Record<string, unknown>
      const again = await payments.updatePaymentSession({
        id: session.id,
        amount: session.amount,
        currency_code: session.currency_code,
        data,
      })
      const second = (again.data as { transaction_id: string }).transaction_id
      expect(second).not.toBe(first)

      // The second pays the cart.
      await sandbox().control.confirm(second)
      expect((await completeCart(api, store, cartId)).type).toBe("order")

      // The payer pays the first too, and Platega says so: its money pays nothing, so it is read
      // (never taken as the session's payment) and the merchant gets a case.
      await sandbox().control.confirm(first)
      proxy().reset()
      const callback = await transactionCallbackBody(sandbox(), first)
      expect(callback.status).toBe("CONFIRMED")
      expect((await postCallback(api, sandbox(), callback)).status).toBe(200)
      const [row] = await eventually(
        async () => (await callbackLog(getContainer())).filter((r) => r.platega_id === first),
        (rows) => rows.length > 0 && rows.every((r) => isFinalOutcome(r.outcome)),
      )
      expect(row.outcome).toBe("flagged")
      expect(proxy().count("GET /transaction/:id")).toBe(1)
      const outcome = await cartOutcome(getContainer(), cartId)
      expect(outcome.orders).toHaveLength(1)
      expect(outcome.payments.filter((p) => p.captured_at)).toHaveLength(1)
    })
  },
})
