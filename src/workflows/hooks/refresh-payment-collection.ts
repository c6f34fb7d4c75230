import { refreshPaymentCollectionForCartWorkflow } from "@medusajs/medusa/core-flows"
import { ContainerRegistrationKeys, MathBN, MedusaError } from "@medusajs/framework/utils"
import { recordSubscriptionCheckouts } from "../subscriptions/subscription-record"

type Cart = {
  id: string
  raw_total?: unknown
  currency_code?: string
  payment_collection?: { id: string; raw_amount?: unknown; currency_code?: string } | null
}

/**
 * A change to a cart whose payment went through (an item added, another shipping method) would
 * make Medusa delete the paid session and leave its captured money without an order. Refused
 * under the cart's lock (Medusa's cart workflows hold it here): the cart is becoming its order.
 * Otherwise the sessions go, and a subscription one of them made is recorded first (its payer may
 * still bind it: see subscriptions/first-order.ts).
 */
refreshPaymentCollectionForCartWorkflow.hooks.validate(async ({ cart }, { container }) => {
  const c = cart as Cart
  const collection = c.payment_collection
  if (!collection) return
  const sameAmount =
    collection.raw_amount !== undefined &&
    c.raw_total !== undefined &&
    MathBN.eq(collection.raw_amount as never, c.raw_total as never) &&
    collection.currency_code === c.currency_code
  if (sameAmount) return
  const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "payment_session",
    fields: ["id", "status", "provider_id", "data"],
    filters: { payment_collection_id: collection.id },
  })
  const paid = data.find((s) => s.status === "authorized" || s.status === "captured")
  if (paid) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Cart ${c.id} is paid already (payment session ${paid.id}): it becomes an order as it is and can no longer change`,
    )
  }
  await recordSubscriptionCheckouts(
    container,
    data as { id: string; provider_id: string; data: Record<string, unknown> | null }[],
  )
})
