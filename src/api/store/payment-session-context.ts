import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"

const PLATEGA_PROVIDER = /^pp_platega-/

/**
 * Before Medusa's POST /store/payment-collections/:id/payment-sessions runs: for a Platega
 * provider, adds the cart id and the store's name to the session's `data`, so the payment
 * description the payer reads names them (the provider only sees `data` and `context`). Values a
 * storefront sent under these keys are replaced.
 */
export async function addPlategaSessionContext(
  req: MedusaRequest,
  _res: MedusaResponse,
  next: MedusaNextFunction,
): Promise<void> {
  const body = req.body as { provider_id?: unknown; data?: unknown } | undefined
  if (typeof body?.provider_id !== "string" || !PLATEGA_PROVIDER.test(body.provider_id)) {
    return next()
  }
  try {
    const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
    const [{ data: links }, stores] = await Promise.all([
      query.graph({
        entity: "cart_payment_collection",
        fields: ["cart_id"],
        filters: { payment_collection_id: req.params.id },
      }),
      req.scope.resolve(Modules.STORE).listStores({}, { select: ["name"], take: 1 }),
    ])
    const given =
      body.data && typeof body.data === "object" && !Array.isArray(body.data)
        ? (body.data as Record<string, unknown>)
        : {}
    // link_of and renewal_of are the plugin's own: a storefront cannot adopt a paid transaction.
    const { cart_id: _c, store_name: _s, link_of: _l, renewal_of: _r, ...rest } = given
    const cartId = links[0]?.cart_id as string | undefined
    const storeName = stores[0]?.name
    body.data = {
      ...rest,
      ...(cartId ? { cart_id: cartId } : {}),
      ...(storeName ? { store_name: storeName } : {}),
    }
    next()
  } catch (e) {
    next(e)
  }
}
