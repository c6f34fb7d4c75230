import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { AxiosInstance } from "axios"
import type { RunningSandbox } from "platega-sandbox"
import { SBP, completeCart, createCart, startPayment } from "./checkout"
import type { StoreFixture } from "./store"

type Admin = { headers: Record<string, string> }
const any = { validateStatus: () => true }

/** An order placed and paid at checkout (the callback not delivered; the shopper's return completes it). */
export async function placeOrder(
  api: AxiosInstance,
  store: StoreFixture,
  sandbox: RunningSandbox,
): Promise<string> {
  const cartId = await createCart(api, store)
  const session = await startPayment(api, store, cartId, SBP)
  await sandbox.control.confirm(session.data.transaction_id)
  const done = await completeCart(api, store, cartId)
  if (done.type !== "order") throw new Error(`no order: ${JSON.stringify(done)}`)
  return done.order.id
}

/** An order edit, as the admin makes it: one more item at `unitPrice`, requested and confirmed. */
export async function addItemByOrderEdit(
  api: AxiosInstance,
  admin: Admin,
  orderId: string,
  variantId: string,
  unitPrice: number,
): Promise<void> {
  await api.post("/admin/order-edits", { order_id: orderId }, admin)
  await api.post(
    `/admin/order-edits/${orderId}/items`,
    { items: [{ variant_id: variantId, quantity: 1, unit_price: unitPrice }] },
    admin,
  )
  await api.post(`/admin/order-edits/${orderId}/request`, {}, admin)
  await api.post(`/admin/order-edits/${orderId}/confirm`, {}, admin)
}

/** The payer on the sandbox's link page: picks SBP (2) or card (11), then pays by SBP. */
export async function payOnLinkPage(sandbox: RunningSandbox, transactionId: string) {
  const post = (path: string, body: string) =>
    fetch(`${sandbox.url}/pay/${transactionId}/${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body,
      redirect: "manual",
    })
  const picked = await post("method", "method=2")
  if (picked.status !== 303) throw new Error(`method choice answered ${picked.status}`)
  const paid = await post("confirm", "")
  if (paid.status >= 400) throw new Error(`payment answered ${paid.status}`)
}

/** How many transactions the sandbox holds (a refused request must add none). */
export async function sandboxTransactionCount(sandbox: RunningSandbox): Promise<number> {
  const res = await fetch(`${sandbox.url}/_sandbox/transactions?limit=1`)
  return ((await res.json()) as { total: number }).total
}

export async function createLink(
  api: AxiosInstance,
  admin: Admin,
  orderId: string,
  body: Record<string, unknown> = {},
) {
  return api.post(`/admin/platega/orders/${orderId}/payment-links`, body, { ...admin, ...any })
}

export async function orderLinks(api: AxiosInstance, admin: Admin, orderId: string) {
  return (await api.get(`/admin/platega/orders/${orderId}/payment-links`, admin)).data
}

/** The order's payment collections with their captured payments, and what it still owes. */
export async function orderMoney(container: MedusaContainer, orderId: string) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: [
      "id",
      "summary",
      "payment_collections.id",
      "payment_collections.status",
      "payment_collections.amount",
      "payment_collections.payments.id",
      "payment_collections.payments.amount",
      "payment_collections.payments.captured_at",
      "payment_collections.payments.provider_id",
    ],
    filters: { id: orderId },
  })
  const order = data[0] as unknown as {
    summary: { pending_difference: number }
    payment_collections: {
      id: string
      status: string
      amount: number
      payments: { id: string; amount: number; captured_at: string | null; provider_id: string }[]
    }[]
  }
  return {
    pending: Number(order.summary.pending_difference),
    collections: order.payment_collections,
  }
}
