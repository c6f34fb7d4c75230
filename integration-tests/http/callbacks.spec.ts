import { randomUUID } from "node:crypto"
import { Modules } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { reconcile } from "../helpers/reconcile"
import {
  callbackLog,
  postCallback,
  processedCallbacks,
  quietWindow,
  transactionCallbackBody,
} from "../helpers/callbacks"
import { SBP, CARD, cartOutcome, createCart, eventually, startPayment } from "../helpers/checkout"
import { callbackUrl, useSandbox } from "../helpers/sandbox"
import { paymentLinkTests } from "../helpers/payment-links-suite"
import { oneTruthTests } from "../helpers/one-truth-suite"
import { seedStore, type StoreFixture } from "../helpers/store"
import { PLATEGA_MODULE, type PlategaModuleService } from "../../src/modules/platega"
import {
  handlePlategaTransactionWorkflow,
  processPlategaCallbackWorkflow,
} from "../../src/workflows"

jest.setTimeout(120_000)

const sandbox = useSandbox()

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: StoreFixture

    beforeAll(async () => {
      store = await seedStore(getContainer())
    })

    beforeEach(async () => {
      await sandbox().control.reset()
      // Callbacks in these tests are posted by hand unless a test turns delivery on.
      await sandbox().control.setCallbackUrl(null)
    })

    /** A paid transaction whose callback has not been delivered. */
    async function paidCheckout(provider = SBP) {
      const cartId = await createCart(api, store)
      const session = await startPayment(api, store, cartId, provider)
      await sandbox().control.confirm(session.data.transaction_id)
      return { cartId, session, txId: session.data.transaction_id }
    }

    describe("authentication", () => {
      const cases: [string, () => Record<string, string>][] = [
        [
          "a wrong secret",
          () => ({ "x-merchantid": sandbox().merchantId, "x-secret": "not-the-secret" }),
        ],
        [
          "a wrong merchant id",
          () => ({ "x-merchantid": randomUUID(), "x-secret": sandbox().secret }),
        ],
        ["no headers", () => ({})],
        ["the secret only", () => ({ "x-secret": sandbox().secret })],
      ]
      it.each(cases)("rejects %s with 401 and stores nothing", async (_name, headers) => {
        const { cartId, txId } = await paidCheckout()
        const body = await transactionCallbackBody(sandbox(), txId)
        const res = await postCallback(api, sandbox(), body, headers())
        expect(res.status).toBe(401)
        expect(JSON.stringify(res.data)).not.toContain(sandbox().secret)
        // The route refuses before it records or starts anything: there is nothing to wait for.
        expect(await callbackLog(getContainer())).toHaveLength(0)
        expect((await cartOutcome(getContainer(), cartId)).orders).toHaveLength(0)
      })

      it("answers the dashboard's probe with 200, with or without headers, and stores nothing", async () => {
        const headerSets: Record<string, string>[] = [
          { "x-merchantid": sandbox().merchantId, "x-secret": sandbox().secret },
          {},
          { "x-merchantid": sandbox().merchantId, "x-secret": "not-the-secret" },
        ]
        for (const headers of headerSets) {
          for (const body of ["{}", "", " { } "]) {
            const res = await postCallback(api, sandbox(), body, headers)
            expect(res.status).toBe(200)
          }
        }
        // As the dashboard does it when the URL is saved.
        await expect(
          sandbox().control.setCallbackUrl(callbackUrl(api), { probe: true }),
        ).resolves.toBeUndefined()
        await sandbox().control.setCallbackUrl(null)
        expect(await callbackLog(getContainer())).toHaveLength(0)
      })

      it("answers a malformed body with 400, not 5xx", async () => {
        for (const body of [
          "{not json",
          "[]",
          '"text"',
          '{"id":"x","status":1}',
          '{"Id":"nope"}',
        ]) {
          const res = await postCallback(api, sandbox(), body)
          expect(res.status).toBe(400)
        }
        expect(await callbackLog(getContainer())).toHaveLength(0)
      })
    })

    it("the same callback three times makes one order", async () => {
      const { cartId, txId } = await paidCheckout(CARD)
      const body = await transactionCallbackBody(sandbox(), txId)
      const answers = await Promise.all([1, 2, 3].map(() => postCallback(api, sandbox(), body)))
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200])
      const outcome = await eventually(
        () => cartOutcome(getContainer(), cartId),
        (o) => o.orders.length > 0,
      )
      await processedCallbacks(getContainer(), { plategaId: txId })
      await quietWindow()
      expect((await cartOutcome(getContainer(), cartId)).orders).toEqual(outcome.orders)
      expect(outcome.orders).toHaveLength(1)
      const log = await callbackLog(getContainer())
      expect(log).toHaveLength(1)
      expect(log[0]).toMatchObject({
        deliveries: 3,
        outcome: "captured",
        order_id: outcome.orders[0].id,
      })
    })

    it("the exported workflows settle a recorded callback as the subscriber does, and only once", async () => {
      const { cartId, txId } = await paidCheckout(CARD)
      const platega = getContainer().resolve<PlategaModuleService>(PLATEGA_MODULE)
      const { id } = await platega.recordCallback({
        kind: "transaction",
        platega_id: txId,
        status: "CONFIRMED",
        body: await transactionCallbackBody(sandbox(), txId),
        authenticated: true,
      })
      const { result: processed } = await processPlategaCallbackWorkflow(getContainer()).run({
        input: { callback_id: id },
      })
      const outcome = await cartOutcome(getContainer(), cartId)
      expect(outcome.orders).toHaveLength(1)
      expect(processed).toMatchObject({ outcome: "captured", order_id: outcome.orders[0].id })
      const log = await callbackLog(getContainer())
      expect(log.find((r) => r.platega_id === txId)).toMatchObject({
        outcome: "captured",
        order_id: outcome.orders[0].id,
      })
      // Again, as a store's own re-check would: paid already, nothing new.
      const { result: again } = await handlePlategaTransactionWorkflow(getContainer()).run({
        input: { transaction_id: txId },
      })
      expect(again).toMatchObject({ outcome: "captured", order_id: outcome.orders[0].id })
      expect((await cartOutcome(getContainer(), cartId)).orders).toEqual(outcome.orders)
    })

    it("a late CANCELED never undoes a CONFIRMED", async () => {
      const { cartId, txId } = await paidCheckout()
      await postCallback(api, sandbox(), await transactionCallbackBody(sandbox(), txId))
      await eventually(
        () => cartOutcome(getContainer(), cartId),
        (o) => o.orders.length > 0,
      )
      const res = await postCallback(
        api,
        sandbox(),
        await transactionCallbackBody(sandbox(), txId, "CANCELED"),
      )
      expect(res.status).toBe(200)
      await processedCallbacks(getContainer(), { plategaId: txId, atLeast: 2 })
      const outcome = await cartOutcome(getContainer(), cartId)
      expect(outcome.orders).toHaveLength(1)
      expect(outcome.payments[0].captured_at).toBeTruthy()
      const order = await getContainer().resolve(Modules.ORDER).retrieveOrder(outcome.orders[0].id)
      expect(order.canceled_at ?? null).toBeNull()
    })

    it("a forged CONFIRMED for an unpaid transaction makes no order", async () => {
      const cartId = await createCart(api, store)
      const session = await startPayment(api, store, cartId, SBP)
      const body = await transactionCallbackBody(
        sandbox(),
        session.data.transaction_id,
        "CONFIRMED",
      )
      expect((await postCallback(api, sandbox(), body)).status).toBe(200)
      await processedCallbacks(getContainer())
      expect((await cartOutcome(getContainer(), cartId)).orders).toHaveLength(0)
      const [entry] = await callbackLog(getContainer())
      // Left open: the genuine CONFIRMED, if it ever comes, must still be processed.
      expect(entry.outcome).toBe("unconfirmed")
    })

    it("an unknown transaction is recorded and changes nothing", async () => {
      const body = {
        id: randomUUID(),
        amount: 1000,
        currency: "RUB",
        status: "CONFIRMED",
        payload: "payses_x",
      }
      expect((await postCallback(api, sandbox(), body)).status).toBe(200)
      const [entry] = await eventually(
        () => callbackLog(getContainer()),
        (log) => log[0]?.outcome !== "pending",
      )
      expect(entry).toMatchObject({ outcome: "ignored" })
    })

    it("a chargeback on a paid order flags the order; no money moves", async () => {
      await sandbox().control.setCallbackUrl(callbackUrl(api))
      const { cartId, txId } = await paidCheckout()
      const paid = await eventually(
        () => cartOutcome(getContainer(), cartId),
        (o) => o.orders.length > 0,
      )
      await sandbox().control.chargeback(txId)
      const order = await eventually(
        () =>
          getContainer()
            .resolve(Modules.ORDER)
            .retrieveOrder(paid.orders[0].id, { select: ["metadata"] }),
        (o) => !!o.metadata?.platega_chargeback,
      )
      expect(order.metadata?.platega_chargeback).toMatchObject({
        transaction_id: txId,
        status: "CHARGEBACKED",
      })
      const log = await eventually(
        () => callbackLog(getContainer()),
        (l) => l.find((e) => e.status === "CHARGEBACKED")?.outcome !== "pending",
      )
      expect(log.find((e) => e.status === "CHARGEBACKED")).toMatchObject({ outcome: "flagged" })
      expect((await cartOutcome(getContainer(), cartId)).payments[0].refunds).toHaveLength(0)
    })

    it("when every callback is lost, the reconciliation job makes the order", async () => {
      const { cartId, txId } = await paidCheckout(CARD)
      const unpaidCart = await createCart(api, store)
      await startPayment(api, store, unpaidCart, SBP)
      const declinedCart = await createCart(api, store)
      const declined = await startPayment(api, store, declinedCart, SBP)
      await sandbox().control.decline(declined.data.transaction_id)

      const report = await reconcile(getContainer(), { minAgeMinutes: 0 })
      expect(report).toMatchObject({ sessionsChecked: 3, sessionsCanceled: 1, failures: 0 })
      const outcome = await cartOutcome(getContainer(), cartId)
      expect(outcome.orders).toHaveLength(1)
      expect(outcome.payments[0].captured_at).toBeTruthy()
      expect((await cartOutcome(getContainer(), unpaidCart)).orders).toHaveLength(0)
      expect((await sandbox().control.getTransaction(txId))?.status).toBe("CONFIRMED")

      // The declined one is out of the pending pool; only the unpaid one is read again.
      const { sessions } = await cartOutcome(getContainer(), declinedCart)
      expect(sessions[0].status).toBe("canceled")
      const again = await reconcile(getContainer(), { minAgeMinutes: 0 })
      expect(again).toMatchObject({ sessionsChecked: 1, sessionsCanceled: 0 })
    })

    describe("payment links", () => {
      paymentLinkTests({ api, getContainer, sandbox, store: () => store })
    })

    describe("one truth per transaction", () => {
      oneTruthTests({ api, getContainer, sandbox, store: () => store })
    })
  },
})
