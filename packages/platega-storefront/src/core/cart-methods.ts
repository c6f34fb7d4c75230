import type { SdkCall } from "./medusa.js"
import { plategaMethodOf } from "./providers.js"

type Provider = string | { id: string }

export interface PlategaProvidersForCartInput<P extends Provider> extends SdkCall {
  /** The cart (or its id) the checkout is for. */
  cart: string | { id: string }
  /**
   * The providers the cart's region offers, as `GET /store/payment-providers?region_id=…` lists
   * them (objects or ids; the DTC starter's `listCartPaymentMethods`).
   */
  providers: readonly P[]
}

const idOf = (p: Provider) => (typeof p === "string" ? p : p.id)
const isSubscription = (p: Provider) => plategaMethodOf(idOf(p)) === "subscription"

/**
 * The providers a checkout offers this cart: `providers` as given, in their order, less the
 * Platega subscription unless the cart holds a subscription plan. The store says which
 * (`GET /store/platega/methods?cart_id=…`), by the rule it applies when the session is created:
 * it refuses a subscription session for any other cart. Asks nothing when no subscription
 * provider is listed; an error of the store's is thrown, never taken as "offer it".
 */
export async function plategaProvidersForCart<P extends Provider>(
  input: PlategaProvidersForCartInput<P>,
): Promise<P[]> {
  if (!input.providers.some(isSubscription)) return [...input.providers]
  const cartId = typeof input.cart === "string" ? input.cart : input.cart.id
  const { methods } = await input.sdk.client.fetch<{ methods: { provider_id: string }[] }>(
    "/store/platega/methods",
    { query: { cart_id: cartId }, headers: input.headers },
  )
  const offered = new Set(methods.map((m) => m.provider_id))
  return input.providers.filter((p) => !isSubscription(p) || offered.has(idOf(p)))
}
