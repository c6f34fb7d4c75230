import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

// Reads through Medusa's module links (the link tables between modules' records, like the ones
// src/links/ defines): not the Platega payment links of src/workflows/payment-links/.

type Container = Pick<MedusaContainer, "resolve">

/**
 * The id one side of a Medusa module link table holds for the other side (the first row's), e.g.
 * the cart of a payment collection or the order of a cart; undefined when nothing is linked.
 */
async function idAcrossModuleLink(
  container: Container,
  entity: string,
  field: string,
  filters: Record<string, string>,
): Promise<string | undefined> {
  const { data } = await container
    .resolve(ContainerRegistrationKeys.QUERY)
    .graph({ entity, fields: [field], filters })
  const row = data[0] as Record<string, string | null | undefined> | undefined
  return row?.[field] ?? undefined
}

/** The cart a payment collection pays for; undefined when it pays for no cart. */
export function cartOfPaymentCollection(
  container: Container,
  paymentCollectionId: string,
): Promise<string | undefined> {
  const filters = { payment_collection_id: paymentCollectionId }
  return idAcrossModuleLink(container, "cart_payment_collection", "cart_id", filters)
}

/** The order placed from a cart; undefined before the order exists. */
export function orderOfCart(container: Container, cartId: string): Promise<string | undefined> {
  return idAcrossModuleLink(container, "order_cart", "order_id", { cart_id: cartId })
}
