import type {
  AuthenticatedMedusaRequest,
  MedusaNextFunction,
  MedusaRequest,
  MedusaResponse,
} from "@medusajs/framework/http"
import { MathBN, Modules } from "@medusajs/framework/utils"
import {
  guestPayerId,
  PLATEGA_MODULE,
  UNNAMED_PAYER,
  type PlategaModuleService,
} from "../../modules/platega"
import { orderWords, type OrderLine } from "../../providers/platega"
import { cartOfPaymentCollection } from "../../workflows/module-link-reads"
import { checkStorefrontReturnAddresses } from "./return-addresses"
import { storefrontSessionData } from "./session-data"

/** The store's Platega payment providers (`pp_platega-<id>_<provider id>`). */
export const PLATEGA_PROVIDER = /^pp_platega-/

/** The keys this middleware sets (a storefront may not send them). */
export const SESSION_CONTEXT_KEYS = [
  "cart_id",
  "store_name",
  "order_title",
  "payer_id",
  "payer_name",
] as const

type Name = { first_name?: string | null; last_name?: string | null } | null | undefined

const platega = (req: MedusaRequest) => req.scope.resolve<PlategaModuleService>(PLATEGA_MODULE)

const fullName = (n: Name) => [n?.first_name, n?.last_name].filter(Boolean).join(" ").trim()

/**
 * Before Medusa's POST /store/payment-collections/:id/payment-sessions runs: for a Platega
 * provider, refuses session data a storefront may not send (see session-data.ts) and return
 * addresses off the store's storefronts (400, nothing made at Platega), then adds to the
 * session's `data` what the provider cannot see itself (it gets only `data` and `context`): the cart and the store's name and the words for what is bought (the description
 * the payer reads), and the payer's stable id and name (Platega's `metadata`).
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
    // Only what a storefront may send, with its return addresses on the store's storefronts.
    const given = storefrontSessionData(body.data)
    // Independent reads, at once: the shopper waits for the slowest, not for their sum.
    const [addresses, fromCart, stores] = await Promise.all([
      checkStorefrontReturnAddresses(req.scope, given, "data."),
      cartOfPaymentCollection(req.scope, req.params.id).then(async (cartId) =>
        cartId ? { cart_id: cartId, ...(await cartContext(req, cartId)) } : {},
      ),
      req.scope.resolve(Modules.STORE).listStores({}, { select: ["name"], take: 1 }),
    ])
    const storeName = stores[0]?.name
    body.data = {
      ...given,
      ...addresses,
      ...(storeName ? { store_name: storeName } : {}),
      ...fromCart,
    }
    next()
  } catch (e) {
    next(e)
  }
}

/** What is bought, in words, and who pays. */
async function cartContext(
  req: MedusaRequest,
  cartId: string,
): Promise<{ order_title?: string; payer_id?: string; payer_name?: string }> {
  // The cart and its customer from their own modules: a query across the two costs about twice
  // the CPU of these two reads.
  const [cart] = await req.scope.resolve(Modules.CART).listCarts(
    { id: cartId },
    {
      select: [
        "email",
        "customer_id",
        "shipping_address.first_name",
        "shipping_address.last_name",
        "billing_address.first_name",
        "billing_address.last_name",
        "items.product_title",
        "items.title",
        "items.quantity",
      ],
      relations: ["shipping_address", "billing_address", "items"],
    },
  )
  if (!cart) return {}
  const [customer] = cart.customer_id
    ? await req.scope
        .resolve(Modules.CUSTOMER)
        .listCustomers(
          { id: cart.customer_id },
          { select: ["id", "first_name", "last_name", "has_account"], take: 1 },
        )
    : []
  const orderTitle = orderWords(
    (cart.items ?? []).map((i): OrderLine => ({
      product_title: i.product_title,
      title: i.title,
      quantity: MathBN.convert(i.quantity).toNumber(),
    })),
  )
  // Logged in: the customer id. A guest: a keyed hash of the e-mail (never the e-mail itself).
  const auth = (req as Partial<AuthenticatedMedusaRequest>).auth_context
  const actor = auth?.actor_type === "customer" ? auth.actor_id : undefined
  const customerId = actor ?? (customer?.has_account ? customer.id : undefined)
  // Keyed by the store's own random key, never by a configured (and maybe default) secret.
  const key = customerId || !cart.email ? undefined : await platega(req).guestPayerKey()
  const payerId = customerId ?? (cart.email && key ? guestPayerId(cart.email, key) : undefined)
  const payerName =
    fullName(customer) ||
    fullName(cart.shipping_address) ||
    fullName(cart.billing_address) ||
    UNNAMED_PAYER
  return {
    ...(orderTitle ? { order_title: orderTitle } : {}),
    ...(payerId ? { payer_id: payerId, payer_name: payerName } : {}),
  }
}
