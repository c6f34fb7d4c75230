import type { MedusaContainer } from "@medusajs/framework/types"
import type { AxiosInstance } from "axios"
import type { RunningSandbox } from "platega-sandbox"
import { adminHeaders } from "./admin"
import {
  callbackLog,
  postCallback,
  processedCallbacks,
  quietWindow,
  transactionCallbackBody,
} from "./callbacks"
import { eventually } from "./checkout"
import {
  addItemByOrderEdit,
  createLink,
  orderLinks,
  orderMoney,
  payOnLinkPage,
  placeOrder,
  sandboxTransactionCount,
} from "./payment-links"
import { reconcile } from "./reconcile"
import type { StoreFixture } from "./store"

/** What a suite of specs shares with the spec file that runs it (one Medusa boot). */
export interface SuiteContext {
  api: AxiosInstance
  getContainer: () => MedusaContainer
  sandbox: () => RunningSandbox
  store: () => StoreFixture
}

/**
 * Payment links for money an order still needs, in the callback spec's Medusa (one boot):
 * order edits and draft orders paid by link, callbacks repeated and reordered, a superseded link
 * paid anyway, the storefront's two routes, and refused requests that create nothing at Platega.
 */
export function paymentLinkTests({ api, getContainer, sandbox, store }: SuiteContext): void {
  let admin: { headers: Record<string, string> }
  const storeHeaders = () => ({ headers: store().headers, validateStatus: () => true })

  beforeAll(async () => {
    admin = await adminHeaders(getContainer())
  })

  /** An order paid at checkout, then edited to need 500 ₽ more. */
  async function orderOwing500(): Promise<string> {
    const orderId = await placeOrder(api, store(), sandbox())
    await addItemByOrderEdit(api, admin, orderId, store().variantId, 500)
    return orderId
  }

  it("an order edit's 500 ₽, paid by link: outstanding 0, one captured payment, whatever the callbacks do", async () => {
    const orderId = await orderOwing500()
    const before = await orderLinks(api, admin, orderId)
    expect(before.outstanding).toMatchObject({ amount: "500", currency_code: "rub" })
    const collectionId = before.outstanding.payment_collection_id

    const res = await createLink(api, admin, orderId, { amount: "500" })
    expect(res.status).toBe(201)
    const { link } = res.data
    expect(link).toMatchObject({
      amount: "500",
      status: "pending",
      payment_collection_id: collectionId,
    })
    expect(link.url).toContain("/pay/")
    expect((await sandbox().control.getTransaction(link.transaction_id))?.link).toBe(true)

    // A forged CONFIRMED before the payment: Platega's own answer says PENDING.
    const forged = await transactionCallbackBody(sandbox(), link.transaction_id, "CONFIRMED")
    await postCallback(api, sandbox(), forged)
    await processedCallbacks(getContainer(), { plategaId: link.transaction_id })
    expect((await orderMoney(getContainer(), orderId)).pending).toBe(500)

    await payOnLinkPage(sandbox(), link.transaction_id)
    const paid = await transactionCallbackBody(sandbox(), link.transaction_id)
    const canceledLate = { ...paid, status: "CANCELED" }
    const answers = await Promise.all([
      postCallback(api, sandbox(), paid),
      postCallback(api, sandbox(), paid),
      postCallback(api, sandbox(), canceledLate),
    ])
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200])
    await eventually(
      () => orderLinks(api, admin, orderId),
      (o) => o.links[0]?.status === "paid",
    )
    await postCallback(api, sandbox(), paid)
    await processedCallbacks(getContainer(), { plategaId: link.transaction_id, atLeast: 2 })
    await quietWindow()

    const money = await orderMoney(getContainer(), orderId)
    expect(money.pending).toBe(0)
    const collection = money.collections.find((c) => c.id === collectionId)!
    expect(collection.payments).toHaveLength(1)
    expect(collection.payments[0]).toMatchObject({ amount: 500 })
    expect(collection.payments[0].captured_at).toBeTruthy()
    expect(collection.payments[0].provider_id).toMatch(/^pp_platega-sbp_/)
    const after = await orderLinks(api, admin, orderId)
    expect(after.outstanding).toBeNull()
    expect(after.links[0]).toMatchObject({ status: "paid", flag: null })
    expect(after.transactions.map((t: { kind: string }) => t.kind).sort()).toEqual([
      "checkout",
      "link",
    ])
    const log = (await callbackLog(getContainer())).filter(
      (e) => e.platega_id === link.transaction_id,
    )
    // The CONFIRMED (forged, then genuine) and the late CANCELED: both end in the one capture.
    expect(log.map((e) => e.outcome)).toEqual(["captured", "captured"])
  })

  it("a superseded link paid anyway is recorded as a payment of its own and flagged", async () => {
    const orderId = await orderOwing500()
    const first = (await createLink(api, admin, orderId)).data.link
    const again = await createLink(api, admin, orderId)
    expect(again.status).toBe(200)
    expect(again.data.link.id).toBe(first.id)
    const second = (await createLink(api, admin, orderId, { replace: true })).data.link
    expect(second.id).not.toBe(first.id)

    await payOnLinkPage(sandbox(), second.transaction_id)
    await postCallback(
      api,
      sandbox(),
      await transactionCallbackBody(sandbox(), second.transaction_id),
    )
    await eventually(
      () => orderLinks(api, admin, orderId),
      (o) => o.links.find((l: { id: string }) => l.id === second.id)?.status === "paid",
    )
    await payOnLinkPage(sandbox(), first.transaction_id)
    // Its callback is lost: the reconciliation job finds it.
    const report = await reconcile(getContainer(), { minAgeMinutes: 0 })
    expect(report.linksPaid).toBe(1)

    const { links } = await orderLinks(api, admin, orderId)
    const old = links.find((l: { id: string }) => l.id === first.id)
    expect(old).toMatchObject({ status: "paid", flag: "collection_already_paid" })
    expect(old.flag_detail).toMatch(/refund it/)
    const money = await orderMoney(getContainer(), orderId)
    // Both payments are in Medusa: the order shows 500 ₽ to refund, not a lost payment.
    expect(money.pending).toBe(-500)
    const captured = money.collections.flatMap((c) => c.payments).filter((p) => p.captured_at)
    expect(captured.map((p) => p.amount)).toEqual(
      [expect.any(Number), 500, 500].slice(-captured.length),
    )
    expect(captured.filter((p) => p.amount === 500)).toHaveLength(2)
    expect((await reconcile(getContainer(), { minAgeMinutes: 0 })).linksPaid).toBe(0)
  })

  it("a draft order is paid by link (its callback lost, the job finds it)", async () => {
    const { data } = await api.post(
      "/admin/draft-orders",
      {
        email: "draft@example.com",
        region_id: store().regionId,
        items: [{ variant_id: store().variantId, quantity: 1 }],
      },
      admin,
    )
    const draftId = data.draft_order.id
    const res = await createLink(api, admin, draftId)
    expect(res.status).toBe(201)
    expect(res.data.link.amount).toBe(String(store().price))
    await payOnLinkPage(sandbox(), res.data.link.transaction_id)
    await reconcile(getContainer(), { minAgeMinutes: 0 })
    const money = await orderMoney(getContainer(), draftId)
    expect(money.pending).toBe(0)
    expect(money.collections.flatMap((c) => c.payments)).toHaveLength(1)
  })

  it("the storefront's routes: the collection, one live link reused, 400 once paid", async () => {
    const orderId = await orderOwing500()
    const { outstanding } = await orderLinks(api, admin, orderId)
    const path = `/store/platega/payment-collections/${outstanding.payment_collection_id}`
    const empty = await api.get(path, storeHeaders())
    expect(empty.status).toBe(200)
    expect(empty.data.payment_collection).toMatchObject({
      id: outstanding.payment_collection_id,
      status: "not_paid",
      currency_code: "rub",
      amount: "500",
      outstanding_amount: "500",
      link: null,
    })
    // No order id: the collection's id must not open its order.
    expect(empty.data.payment_collection).not.toHaveProperty("order_id")
    const pay = await api.post(`${path}/pay`, {}, storeHeaders())
    expect(pay.status).toBe(200)
    expect(pay.data).toMatchObject({ status: "pending", amount: "500", currency_code: "rub" })
    const reused = await api.post(`${path}/pay`, {}, storeHeaders())
    expect(reused.data.transaction_id).toBe(pay.data.transaction_id)
    const shown = await api.get(path, storeHeaders())
    expect(shown.data.payment_collection.link).toMatchObject({
      url: pay.data.url,
      status: "pending",
      amount: "500",
      transaction_id: pay.data.transaction_id,
    })

    await payOnLinkPage(sandbox(), pay.data.transaction_id)
    await postCallback(
      api,
      sandbox(),
      await transactionCallbackBody(sandbox(), pay.data.transaction_id),
    )
    const done = await eventually(
      () => api.get(path, storeHeaders()),
      (r) => r.data.payment_collection.link?.status === "paid",
    )
    expect(done.data.payment_collection).toMatchObject({ outstanding_amount: "0" })
    const count = await sandboxTransactionCount(sandbox())
    const refused = await api.post(`${path}/pay`, {}, storeHeaders())
    expect(refused.status).toBe(400)
    expect(refused.data).toMatchObject({
      type: "invalid_data",
      message: expect.stringMatching(/Nothing is owed/),
    })
    expect(
      (await api.get(`/store/platega/payment-collections/pay_col_nope`, storeHeaders())).status,
    ).toBe(404)
    expect(
      (await api.post(`${path}/pay`, { return_url: "javascript:x" }, storeHeaders())).status,
    ).toBe(400)
    expect(await sandboxTransactionCount(sandbox())).toBe(count)
  })

  it("bad requests get a clear error and create no transaction", async () => {
    const orderId = await orderOwing500()
    const count = await sandboxTransactionCount(sandbox())
    const other = await createLink(api, admin, orderId, { amount: "499.99" })
    expect(other.status).toBe(400)
    expect(other.data.message).toMatch(/amount: 499.99 is not the outstanding amount 500/)
    const paidOrder = await placeOrder(api, store(), sandbox())
    const countAfterCheckout = await sandboxTransactionCount(sandbox())
    const nothing = await createLink(api, admin, paidOrder)
    expect(nothing.status).toBe(400)
    expect(nothing.data.message).toMatch(/Nothing is owed/)
    await api.post("/admin/platega/settings", { currencies: ["USD"] }, admin)
    try {
      const currency = await createLink(api, admin, orderId)
      expect(currency.status).toBe(400)
      expect(currency.data.message).toMatch(/currency_code: Platega does not take RUB/)
    } finally {
      await api.post("/admin/platega/settings", { currencies: ["RUB"] }, admin)
    }
    // Without a provider for the "email" channel, sending says so and records nothing.
    const live = (await createLink(api, admin, orderId)).data.link
    const mail = await api.post(
      `/admin/platega/payment-links/${live.id}/send`,
      { locale: "ru" },
      { ...admin, validateStatus: () => true },
    )
    expect(mail.status).toBe(400)
    expect(mail.data.message).toMatch(/notification provider for the "email" channel/)
    expect((await orderLinks(api, admin, orderId)).links[0].emailed_to).toBeNull()
    const badLocale = await api.post(
      `/admin/platega/payment-links/${live.id}/send`,
      { locale: "de" },
      { ...admin, validateStatus: () => true },
    )
    expect(badLocale.status).toBe(400)
    const invalid = await createLink(api, admin, orderId, { amount: "5.123" })
    expect(invalid.status).toBe(400)
    // The checkout's transaction and the one valid link: the refused requests made none.
    expect(await sandboxTransactionCount(sandbox())).toBe(countAfterCheckout + 1)
    expect(countAfterCheckout).toBe(count + 1)
  })
}
