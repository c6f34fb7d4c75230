/// <reference lib="dom" />
// The storefront's only contact with Medusa: @medusajs/js-sdk against the Store API.
import Medusa from "@medusajs/js-sdk"
import type { HttpTypes } from "@medusajs/types"

export type Cart = HttpTypes.StoreCart
export type Order = HttpTypes.StoreOrder
export type Product = HttpTypes.StoreProduct
export type Region = HttpTypes.StoreRegion

/** Served by the demo (scripts/demo.mjs) next to the built files. */
type DemoConfig = { medusaUrl: string; publishableKey: string; storefrontUrl: string }

const CART_KEY = "platega_demo_cart_id"

let sdkPromise: Promise<Medusa> | undefined
let regionPromise: Promise<Region> | undefined

export function sdk(): Promise<Medusa> {
  sdkPromise ??= fetch("/config.json")
    .then((r) => r.json() as Promise<DemoConfig>)
    .then((c) => new Medusa({ baseUrl: c.medusaUrl, publishableKey: c.publishableKey }))
  return sdkPromise
}

/** The Russia region (prices in rubles); the first region if the shop was changed in the admin. */
export function region(): Promise<Region> {
  regionPromise ??= sdk().then(async (s) => {
    const { regions } = await s.store.region.list()
    const ru = regions.find((r) => r.countries?.some((c) => c.iso_2 === "ru")) ?? regions[0]
    if (!ru) throw new Error("The shop has no region")
    return ru
  })
  return regionPromise
}

/**
 * Platega's bind page has no way back to the shop: the subscription's cart is remembered so the
 * shop can offer to finish it when the shopper returns.
 */
const SUBSCRIPTION_CART_KEY = "platega_demo_subscription_cart_id"
export const pendingSubscriptionCart = (): string | null =>
  localStorage.getItem(SUBSCRIPTION_CART_KEY)
export const rememberSubscriptionCart = (id: string): void =>
  localStorage.setItem(SUBSCRIPTION_CART_KEY, id)
export const forgetSubscriptionCart = (): void => localStorage.removeItem(SUBSCRIPTION_CART_KEY)

export const savedCartId = (): string | null => localStorage.getItem(CART_KEY)
export const saveCartId = (id: string): void => localStorage.setItem(CART_KEY, id)
export const forgetCart = (): void => localStorage.removeItem(CART_KEY)

/** A cart became an order: forget it, whichever it was (the shopping cart or a subscription's). */
export function forgetCompletedCart(id: string): void {
  if (savedCartId() === id) forgetCart()
  if (pendingSubscriptionCart() === id) forgetSubscriptionCart()
}

const CART_FIELDS =
  "*items,*shipping_methods,*payment_collection,*payment_collection.payment_sessions,+completed_at"

export async function retrieveCart(id: string): Promise<Cart | undefined> {
  try {
    const { cart } = await (await sdk()).store.cart.retrieve(id, { fields: CART_FIELDS })
    return cart
  } catch {
    return undefined
  }
}

/** The shopper's open cart, if any (a completed one is forgotten). */
export async function currentCart(): Promise<Cart | undefined> {
  const id = savedCartId()
  if (!id) return undefined
  const cart = await retrieveCart(id)
  if (!cart || cart.completed_at) {
    forgetCart()
    return undefined
  }
  return cart
}

export async function addToCart(variantId: string): Promise<Cart> {
  const s = await sdk()
  let cart = await currentCart()
  if (!cart) {
    const { cart: created } = await s.store.cart.create({ region_id: (await region()).id })
    saveCartId(created.id)
    cart = created
  }
  const { cart: updated } = await s.store.cart.createLineItem(cart.id, {
    variant_id: variantId,
    quantity: 1,
  })
  // The answer lacks line totals; read the cart back with the fields the pages show.
  return (await retrieveCart(cart.id)) ?? updated
}

/**
 * A cart for one subscription, apart from the shopper's shopping cart: a subscription cart holds
 * one plan. Created with the shopper's token, so Medusa makes it theirs.
 */
export async function subscriptionCart(variantId: string): Promise<Cart> {
  const { cart } = await (
    await sdk()
  ).store.cart.create({
    region_id: (await region()).id,
    items: [{ variant_id: variantId, quantity: 1 }],
  })
  return cart
}

export async function removeLine(cartId: string, lineId: string): Promise<void> {
  await (await sdk()).store.cart.deleteLineItem(cartId, lineId)
}

export async function listProducts(): Promise<Product[]> {
  const { products } = await (
    await sdk()
  ).store.product.list({
    region_id: (await region()).id,
    fields: "*variants.calculated_price,+metadata",
    limit: 50,
  })
  return products
}

export type Shopper = {
  email: string
  first_name: string
  last_name: string
  phone: string
  address_1: string
  city: string
  postal_code: string
}

/** Contact, address (Russia) and the cheapest shipping option, then the cart as it now stands. */
export async function prepareCheckout(cartId: string, shopper: Shopper): Promise<Cart> {
  const s = await sdk()
  const { email, ...rest } = shopper
  const address = { ...rest, country_code: "ru" }
  await s.store.cart.update(cartId, { email, shipping_address: address, billing_address: address })
  const { shipping_options: options } = await s.store.fulfillment.listCartOptions({
    cart_id: cartId,
  })
  const cheapest = [...options].sort((a, b) => (a.amount ?? 0) - (b.amount ?? 0))[0]
  if (!cheapest) throw new Error("No shipping option delivers to this address")
  const { cart } = await s.store.cart.addShippingMethod(cartId, { option_id: cheapest.id })
  return cart
}

export async function paymentProviders(): Promise<string[]> {
  const { payment_providers: providers } = await (
    await sdk()
  ).store.payment.listPaymentProviders({ region_id: (await region()).id })
  return providers.map((p) => p.id)
}

/**
 * Creates the Platega payment and returns where to send the shopper. The return and failure
 * addresses carry the cart id, so the return page knows which cart to complete even in another tab.
 */
export async function startPayment(cart: Cart, providerId: string): Promise<string> {
  const here = location.origin
  const q = `cart_id=${encodeURIComponent(cart.id)}`
  const { payment_collection: collection } = await (
    await sdk()
  ).store.payment.initiatePaymentSession(cart, {
    provider_id: providerId,
    data: { return_url: `${here}/return?${q}`, failed_url: `${here}/failed?${q}` },
  })
  const session = collection.payment_sessions?.find((p) => p.provider_id === providerId)
  const redirect = session?.data?.redirect
  if (typeof redirect !== "string" || !redirect) {
    throw new Error("Platega returned no payment page address (payment_session.data.redirect)")
  }
  return redirect
}

/** The completion answer has no payment status; a guest may read their order by its id. */
async function withPaymentStatus(order: Order): Promise<Order> {
  try {
    const fields = "*items,+payment_status,+fulfillment_status"
    return (await (await sdk()).store.order.retrieve(order.id, { fields })).order
  } catch {
    return order
  }
}

export type Completion =
  | { kind: "order"; order: Order }
  | { kind: "pending"; message: string; plategaStatus: string }
  | { kind: "failed"; message: string; plategaStatus: string }

/**
 * One attempt to turn the cart into an order. Medusa asks the provider for the payment status;
 * "pending" means Platega has not confirmed yet (the shopper came back before the bank answered).
 */
export async function completeCart(cartId: string): Promise<Completion> {
  const s = await sdk()
  let message: string
  try {
    const result = await s.store.cart.complete(cartId)
    if (result.type === "order")
      return { kind: "order", order: await withPaymentStatus(result.order) }
    message = result.error?.message ?? "payment not authorized"
  } catch (e) {
    // 409 "already being completed": the Platega callback is completing it right now.
    message = e instanceof Error ? e.message : String(e)
  }
  const cart = await retrieveCart(cartId)
  const session = cart?.payment_collection?.payment_sessions?.[0]
  const platega = String(session?.data?.platega_status ?? "")
  // Medusa asked Platega while completing: the session now carries Platega's status.
  if (session?.status === "canceled" || session?.status === "error" || platega === "CANCELED") {
    return { kind: "failed", message, plategaStatus: platega }
  }
  return { kind: "pending", message, plategaStatus: platega }
}
