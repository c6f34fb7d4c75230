import type { MedusaContainer } from "@medusajs/framework/types"
import {
  ContainerRegistrationKeys,
  MathBN,
  MedusaError,
  PaymentCollectionStatus,
} from "@medusajs/framework/utils"
import { sameAmount, toDecimalString } from "../../providers/platega"

type Container = Pick<MedusaContainer, "resolve">

/** What a payment link is made for: an order's payment collection and what it still needs. */
export interface PaymentLinkTarget {
  payment_collection_id: string
  status: string
  currency_code: string
  /** Decimal strings in major units. */
  amount: string
  outstanding: string
  order: {
    id: string
    display_id: number | null
    email: string | null
    is_draft_order: boolean
  } | null
}

/** Statuses of a collection still waiting for money (Medusa's own "unpaid" ones). */
export const UNPAID: string[] = [PaymentCollectionStatus.NOT_PAID, PaymentCollectionStatus.AWAITING]

/** "500" for whole amounts, "1290.50" otherwise: how links show money (major units). */
export function amountText(amount: Parameters<typeof MathBN.convert>[0], currency: string): string {
  const fixed = toDecimalString(amount, currency)
  return /\.0+$/.test(fixed) ? fixed.replace(/\.0+$/, "") : fixed
}

/** The collection, its order and its outstanding amount; undefined when there is no such collection. */
export async function readPaymentLinkTarget(
  container: Container,
  paymentCollectionId: string,
): Promise<PaymentLinkTarget | undefined> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: collections } = await query.graph({
    entity: "payment_collection",
    fields: ["id", "status", "amount", "captured_amount", "currency_code"],
    filters: { id: paymentCollectionId },
  })
  const collection = collections[0]
  if (!collection) return undefined
  // Through Medusa's module link of orders and payment collections.
  const { data: orderModuleLinks } = await query.graph({
    entity: "order_payment_collection",
    fields: ["order.id", "order.display_id", "order.email", "order.is_draft_order"],
    filters: { payment_collection_id: paymentCollectionId },
  })
  const order = orderModuleLinks[0]?.order as PaymentLinkTarget["order"] | undefined
  const currency = collection.currency_code
  const outstanding = MathBN.sub(collection.amount, collection.captured_amount ?? 0)
  return {
    payment_collection_id: collection.id,
    status: collection.status,
    currency_code: currency,
    amount: amountText(collection.amount, currency),
    outstanding: amountText(MathBN.max(outstanding, 0), currency),
    order: order
      ? {
          id: order.id,
          display_id: order.display_id ?? null,
          email: order.email ?? null,
          is_draft_order: !!order.is_draft_order,
        }
      : null,
  }
}

/**
 * Refuses a link that would ask for the wrong money: nothing owed, another amount than the
 * outstanding one, a collection of no order, or a currency the store's Platega does not take.
 * Runs before anything is created at Platega.
 */
export function checkLinkRequest(
  target: PaymentLinkTarget,
  accepted: string[],
  requestedAmount?: string,
): void {
  const invalid = (message: string) => new MedusaError(MedusaError.Types.INVALID_DATA, message)
  if (!target.order) {
    throw invalid(
      `Payment collection ${target.payment_collection_id} belongs to no order: a cart is paid at checkout`,
    )
  }
  if (!UNPAID.includes(target.status) || !MathBN.gt(target.outstanding, 0)) {
    throw invalid(
      `Nothing is owed on payment collection ${target.payment_collection_id} (status ${target.status})`,
    )
  }
  const currency = target.currency_code.toUpperCase()
  if (!accepted.some((c) => c.toUpperCase() === currency)) {
    throw invalid(
      `currency_code: Platega does not take ${currency} for this store (accepted: ${accepted.join(", ")})`,
    )
  }
  if (requestedAmount !== undefined && !sameAmount(requestedAmount, target.outstanding, currency)) {
    throw invalid(
      `amount: ${requestedAmount} is not the outstanding amount ${target.outstanding} ${currency}`,
    )
  }
}
