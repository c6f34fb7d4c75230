import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

/**
 * The id one side of a Medusa link table holds for the other side (the first row's), e.g. the
 * cart of a payment collection or the order of a cart; undefined when nothing is linked.
 */
async function linkedId(
  container: Pick<MedusaContainer, "resolve">,
  link: { entity: string; field: string; filters: Record<string, string> },
): Promise<string | undefined> {
  const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: link.entity,
    fields: [link.field],
    filters: link.filters,
  })
  const row = data[0] as Record<string, string | null | undefined> | undefined
  return row?.[link.field] ?? undefined
}

/** The cart a payment collection pays for; undefined when it pays for no cart. */
export function cartOfPaymentCollection(
  container: Pick<MedusaContainer, "resolve">,
  paymentCollectionId: string,
): Promise<string | undefined> {
  return linkedId(container, {
    entity: "cart_payment_collection",
    field: "cart_id",
    filters: { payment_collection_id: paymentCollectionId },
  })
}

/** The order placed from a cart; undefined before the order exists. */
export function orderOfCart(
  container: Pick<MedusaContainer, "resolve">,
  cartId: string,
): Promise<string | undefined> {
  return linkedId(container, {
    entity: "order_cart",
    field: "order_id",
    filters: { cart_id: cartId },
  })
}
