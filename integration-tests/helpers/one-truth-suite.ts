import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { adminHeaders } from "./admin"
import { allCaseNotifications } from "./attention"
import { postCallback, transactionCallbackBody } from "./callbacks"
import {
  CARD,
  SBP,
  cartOutcome,
  completeCart,
  createCart,
  eventually,
  startPayment,
} from "./checkout"
import {
  addItemByOrderEdit,
  createLink,
  orderLinks,
  payOnLinkPage,
  placeOrder,
} from "./payment-links"
import { reconcile } from "./reconcile"
import type { SuiteContext } from "./payment-links-suite"

interface Row {
  id: string
  kind?: string
  cart_id?: string
  platega_status: string
  platega_status_at: string | null
  needs_attention: boolean
  order: { display_id: number } | null
  callbacks: { status: string; read_status: string | null; outcome: string; delivered: boolean }[]
  cases: { id: string; kind: string; refundable: boolean }[]
}

/**
 * One truth per transaction: whichever path brings a transaction in (its callback, the shopper's
 * return, the reconciliation job, re-check), it is classified once, decided once, shown with the
 * status of the store's own read, and a case is one case with one notification.
 */
export function oneTruthTests({ api, getContainer, sandbox, store }: SuiteContext): void {
  let admin: { headers: Record<string, string> }
  beforeAll(async () => {
    admin = await adminHeaders(getContainer())
  })

  const row = async (txId: string): Promise<Row | undefined> =>
    (
      (await api.get("/admin/platega/transactions", { ...admin, params: { q: txId } })).data
        .transactions as Row[]
    ).find((t) => t.id === txId.toLowerCase())
  const recheck = async (txId: string) =>
    (await api.post(`/admin/platega/transactions/${txId}/recheck`, {}, admin)).data.recheck
  const notificationsOf = async (txIds: string[]) =>
    (await allCaseNotifications(getContainer())).filter((n) =>
      txIds.some((id) =>
        (n as { idempotency_key?: string }).idempotency_key?.includes(id.toLowerCase()),
      ),
    )
  const callbackOf = async (txId: string, status?: string) =>
    postCallback(api, sandbox(), await transactionCallbackBody(sandbox(), txId, status))

  async function orderOwing500() {
    const orderId = await placeOrder(api, store(), sandbox())
    await addItemByOrderEdit(api, admin, orderId, store().variantId, 500)
    return orderId
  }

  it("a link paid normally: re-check says paid with its order; never a case or a notification", async () => {
    const orderId = await orderOwing500()
    const { link } = (await createLink(api, admin, orderId)).data
    await payOnLinkPage(sandbox(), link.transaction_id)
    await callbackOf(link.transaction_id)
    await eventually(
      () => orderLinks(api, admin, orderId),
      (o) => o.links[0]?.status === "paid",
    )
    const answer = await recheck(link.transaction_id)
    const { data: orders } = await getContainer()
      .resolve(ContainerRegistrationKeys.QUERY)
      .graph({ entity: "order", fields: ["display_id"], filters: { id: orderId } })
    expect(answer).toMatchObject({
      kind: "link",
      outcome: "captured",
      platega_status: "CONFIRMED",
      order_id: orderId,
      order_display_id: orders[0].display_id,
    })
    const listed = await row(link.transaction_id)
    expect(listed).toMatchObject({
      kind: "link",
      needs_attention: false,
      cases: [],
      platega_status: "CONFIRMED",
      order: { display_id: orders[0].display_id },
    })
    expect(listed!.platega_status_at).toBeTruthy()
    expect(await notificationsOf([link.transaction_id])).toHaveLength(0)
  })

  it("two links for one debt, both paid: one case, one notification, the link that paid it clean", async () => {
    const orderId = await orderOwing500()
    const first = (await createLink(api, admin, orderId)).data.link
    const second = (await createLink(api, admin, orderId, { replace: true })).data.link
    await payOnLinkPage(sandbox(), second.transaction_id)
    await callbackOf(second.transaction_id)
    await eventually(
      () => orderLinks(api, admin, orderId),
      (o) => o.links.find((l: { id: string }) => l.id === second.id)?.status === "paid",
    )
    await payOnLinkPage(sandbox(), first.transaction_id)
    await callbackOf(first.transaction_id)
    // Delivered again and found again by the job and a re-check: still one case.
    await callbackOf(first.transaction_id)
    await reconcile(getContainer(), { minAgeMinutes: 0 })
    await recheck(first.transaction_id)
    const extra = await eventually(
      () => row(first.transaction_id),
      (r) => !!r?.cases.length,
    )
    expect(extra!.cases).toEqual([
      expect.objectContaining({ kind: "link_extra_payment", refundable: false }),
    ])
    expect(await row(second.transaction_id)).toMatchObject({ cases: [], needs_attention: false })
    expect((await recheck(second.transaction_id)).outcome).toBe("captured")
    const told = await eventually(
      () => notificationsOf([first.transaction_id, second.transaction_id]),
      (n) => n.length > 0,
    )
    expect(told).toHaveLength(1)
    expect(told[0].data!.description).toMatch(/extra payment/)
    // No second, untranslated notice about the same money.
    const feed = await getContainer()
      .resolve(Modules.NOTIFICATION)
      .listNotifications({ channel: "feed" } as never, { take: 1000 })
    expect(feed.filter((n) => /payment link needs a look/.test(String(n.data?.title)))).toEqual([])
  })

  it("a late CANCELED after CONFIRMED: the status is Platega's answer to the store's read", async () => {
    const cartId = await createCart(api, store())
    const session = await startPayment(api, store(), cartId, SBP)
    const txId = session.data.transaction_id
    await sandbox().control.confirm(txId)
    await callbackOf(txId)
    await eventually(
      () => cartOutcome(getContainer(), cartId),
      (o) => o.orders.length === 1,
    )
    const late = await callbackOf(txId, "CANCELED")
    expect(late.status).toBe(200)
    const listed = await eventually(
      () => row(txId),
      (r) => r?.callbacks.some((c) => c.status === "CANCELED" && c.outcome !== "pending") ?? false,
    )
    expect(listed).toMatchObject({ platega_status: "CONFIRMED", needs_attention: false })
    expect(listed!.callbacks.find((c) => c.status === "CANCELED")).toMatchObject({
      read_status: "CONFIRMED",
      delivered: true,
    })
    expect((await cartOutcome(getContainer(), cartId)).orders).toHaveLength(1)
  })

  it("a declined attempt and its paid retry: both under their cart, the retry with its order", async () => {
    const cartId = await createCart(api, store())
    const declined = (await startPayment(api, store(), cartId, CARD)).data.transaction_id
    await sandbox().control.decline(declined)
    await callbackOf(declined)
    const retry = await startPayment(api, store(), cartId, SBP)
    expect(retry.data.transaction_id).not.toBe(declined)
    await sandbox().control.confirm(retry.data.transaction_id)
    await callbackOf(retry.data.transaction_id)
    await eventually(
      () => cartOutcome(getContainer(), cartId),
      (o) => o.orders.length === 1,
    )
    const first = await eventually(
      () => row(declined),
      (r) => r?.callbacks[0]?.outcome === "recorded",
    )
    const paid = await row(retry.data.transaction_id)
    expect(paid).toMatchObject({ cart_id: cartId, platega_status: "CONFIRMED", kind: "checkout" })
    expect(paid!.order).toBeTruthy()
    // The declined attempt is shown under the order its cart became, without a case.
    expect(first).toMatchObject({
      cart_id: cartId,
      kind: "checkout",
      platega_status: "CANCELED",
      cases: [],
      order: { display_id: paid!.order!.display_id },
    })

    // The export reads the same classification: both attempts name the order.
    const rows = await exportedRows()
    const exported = (id: string) => rows.find((r) => r.recordId.toLowerCase() === id.toLowerCase())
    for (const id of [declined, retry.data.transaction_id]) {
      expect(exported(id)).toMatchObject({
        storeKind: "checkout",
        orderDisplayId: paid!.order!.display_id,
      })
    }
  })

  /** Today's transactions as the admin's JSON export writes them. */
  async function exportedRows(): Promise<(Record<string, unknown> & { recordId: string })[]> {
    const now = Date.now()
    const body = {
      from: new Date(now - 3_600_000).toISOString(),
      to: new Date(now + 3_600_000).toISOString(),
      format: "json",
    }
    const started = (await api.post("/admin/platega/exports", body, admin)).data.export
    const done = await eventually(
      async () => (await api.get(`/admin/platega/exports/${started.id}`, admin)).data.export,
      (e) => e.status === "done" || e.status === "failed",
    )
    expect(done).toMatchObject({ status: "done" })
    const file = await api.get(done.file.download_url, { ...admin, responseType: "arraybuffer" })
    return JSON.parse(Buffer.from(file.data).toString("utf8"))
  }

  /** A checkout whose session now asks 1,000 ₽ less than the shopper paid at Platega. */
  async function paidMoreThanAsked() {
    const cartId = await createCart(api, store())
    const session = await startPayment(api, store(), cartId, SBP)
    const txId = session.data.transaction_id
    const knex = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
    const [{ amount }] = await knex("payment_session").select("amount").where({ id: session.id })
    const less = String(Number(amount) - 1000)
    await knex("payment_session")
      .update({ amount: less, raw_amount: { value: less, precision: 20 } })
      .where({ id: session.id })
    await sandbox().control.confirm(txId)
    return { cartId, txId }
  }

  /** Whatever the path, the same single outcome: no order, no capture, one case, one notice. */
  async function expectOneMismatchCase(cartId: string, txId: string) {
    const listed = await eventually(
      () => row(txId),
      (r) => !!r?.cases.length,
    )
    expect(listed!.cases).toEqual([
      expect.objectContaining({ kind: "payment_mismatch", refundable: true }),
    ])
    const outcome = await cartOutcome(getContainer(), cartId)
    expect(outcome.orders).toHaveLength(0)
    expect(outcome.payments.filter((p) => p.captured_at)).toHaveLength(0)
    const told = await eventually(
      () => notificationsOf([txId]),
      (n) => n.length > 0,
    )
    expect(told).toHaveLength(1)
    expect(told[0].data!.description).toContain(cartId)
  }

  it("another amount, the callback first: no order from the return after it, one case", async () => {
    const { cartId, txId } = await paidMoreThanAsked()
    await callbackOf(txId)
    await eventually(
      () => row(txId),
      (r) => !!r?.cases.length,
    )
    expect((await completeCart(api, store(), cartId)).type).toBe("cart")
    await reconcile(getContainer(), { minAgeMinutes: 0 })
    await expectOneMismatchCase(cartId, txId)
  })

  it("another amount, the shopper's return first: refused, then the callback: one case", async () => {
    const { cartId, txId } = await paidMoreThanAsked()
    expect((await completeCart(api, store(), cartId)).type).toBe("cart")
    await callbackOf(txId)
    await expectOneMismatchCase(cartId, txId)
  })

  it("another amount, found by the job alone (callback lost), then re-checked: one case", async () => {
    const { cartId, txId } = await paidMoreThanAsked()
    await reconcile(getContainer(), { minAgeMinutes: 0 })
    expect((await recheck(txId)).outcome).toBe("flagged")
    await expectOneMismatchCase(cartId, txId)
  })

  it("the merchant reads notifications in Russian once the setting says so", async () => {
    await api.post("/admin/platega/settings", { notification_language: "ru" }, admin)
    try {
      const { cartId, txId } = await paidMoreThanAsked()
      await callbackOf(txId)
      const [note] = await eventually(
        () => notificationsOf([txId]),
        (n) => n.length > 0,
      )
      expect(note.data).toMatchObject({ title: "Platega: платёж требует внимания" })
      expect(note.data!.description).toContain(`корзина ${cartId}`)
      expect(String(note.data!.description)).not.toMatch(/\b(cart|was paid|order)\b/)
    } finally {
      await api.post("/admin/platega/settings", { notification_language: null }, admin)
    }
  })
}
