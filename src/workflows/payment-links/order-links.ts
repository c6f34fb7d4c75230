import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MathBN, MedusaError } from "@medusajs/framework/utils"
import { createOrUpdateOrderPaymentCollectionWorkflow } from "@medusajs/medusa/core-flows"
import {
  paymentLinkView,
  PLATEGA_MODULE,
  type OrderLinks,
  type OrderPlategaTransaction,
  type PaymentLinkRecord,
  type PlategaModuleService,
} from "../../modules/platega"
import { amountText, UNPAID } from "./collection"

type Container = Pick<MedusaContainer, "resolve">

type Session = {
  id: string
  provider_id: string
  status: string
  amount: number
  currency_code: string
  created_at?: string | Date
  data?: Record<string, unknown> | null
}
type Collection = { id: string; status: string; payment_sessions?: Session[] }
type OrderRow = {
  id: string
  email: string | null
  is_draft_order: boolean
  currency_code: string
  summary?: { pending_difference?: unknown; raw_pending_difference?: { value: string } }
  payment_collections?: Collection[]
}

async function readOrder(container: Container, orderId: string): Promise<OrderRow> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: [
      "id",
      "email",
      "is_draft_order",
      "currency_code",
      "summary",
      "payment_collections.id",
      "payment_collections.status",
      "payment_collections.payment_sessions.*",
    ],
    filters: { id: orderId },
  })
  if (!data[0]) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Order ${orderId} was not found`)
  return data[0] as unknown as OrderRow
}

function pendingOf(order: OrderRow): string {
  const raw = order.summary?.raw_pending_difference?.value ?? order.summary?.pending_difference ?? 0
  return String(raw)
}

/** The order's outstanding amount, its Platega links and every Platega transaction it has. */
export async function readOrderLinks(container: Container, orderId: string): Promise<OrderLinks> {
  const order = await readOrder(container, orderId)
  const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
  const records = (await platega.listPlategaPaymentLinks(
    { order_id: orderId },
    { order: { created_at: "DESC" } },
  )) as unknown as PaymentLinkRecord[]
  const links = records.map((r) => paymentLinkView(r))
  const linkTx = new Set(links.map((l) => l.transaction_id))
  const pending = pendingOf(order)
  const unpaid = (order.payment_collections ?? []).find((c) => UNPAID.includes(c.status))
  const checkout: OrderPlategaTransaction[] = (order.payment_collections ?? [])
    .flatMap((c) => c.payment_sessions ?? [])
    .filter((s) => s.provider_id.startsWith("pp_platega") && !linkTx.has(txOf(s)))
    .filter((s) => txOf(s))
    .map((s) => ({
      kind: "checkout",
      transaction_id: txOf(s),
      status: String(s.data?.platega_status ?? s.status),
      amount: amountText(s.amount, s.currency_code),
      currency_code: s.currency_code,
      created_at: s.created_at ? new Date(s.created_at).toISOString() : null,
    }))
  const fromLinks: OrderPlategaTransaction[] = links.map((l) => ({
    kind: "link",
    transaction_id: l.transaction_id,
    status: l.status,
    amount: l.amount,
    currency_code: l.currency_code,
    created_at: l.created_at,
    link: l,
  }))
  return {
    order_id: order.id,
    is_draft_order: !!order.is_draft_order,
    email: order.email,
    outstanding: MathBN.gt(pending, 0)
      ? {
          payment_collection_id: unpaid?.id ?? null,
          amount: amountText(pending, order.currency_code),
          currency_code: order.currency_code,
        }
      : null,
    links,
    transactions: [...fromLinks, ...checkout].sort((a, b) =>
      (b.created_at ?? "").localeCompare(a.created_at ?? ""),
    ),
  }
}

function txOf(s: Session): string {
  const id = s.data?.transaction_id
  return typeof id === "string" ? id : ""
}

/**
 * The order's unpaid payment collection, made by Medusa's own workflow when the order owes money
 * but has none (a draft order, a first payment that failed). Nothing owed is an error.
 */
export async function orderCollectionForLink(
  container: Container,
  orderId: string,
): Promise<string> {
  const order = await readOrder(container, orderId)
  const unpaid = (order.payment_collections ?? []).find((c) => UNPAID.includes(c.status))
  if (unpaid) return unpaid.id
  if (!MathBN.gt(pendingOf(order), 0)) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `Nothing is owed on order ${orderId}`)
  }
  const { result } = await createOrUpdateOrderPaymentCollectionWorkflow(
    container as MedusaContainer,
  ).run({ input: { order_id: orderId } })
  const created = (result ?? [])[0]
  if (!created) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `Nothing is owed on order ${orderId}`)
  }
  return created.id
}
