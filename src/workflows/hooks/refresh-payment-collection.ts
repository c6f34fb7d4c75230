import { refreshPaymentCollectionForCartWorkflow } from "@medusajs/medusa/core-flows"
import { ContainerRegistrationKeys, MathBN, MedusaError } from "@medusajs/framework/utils"

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
    fields: ["id"],
    filters: { payment_collection_id: collection.id, status: ["authorized", "captured"] },
  })
  if (data.length) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Cart ${c.id} is paid already (payment session ${data[0].id}): it becomes an order as it is and can no longer change`,
    )
  }
})
