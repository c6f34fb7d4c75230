// A paid checkout in the installed store, the way a storefront and Platega make one: a product in
// rubles, a cart to Russia (the region, tax region and delivery the region script made), an SBP
// payment session, the payer paying in the sandbox, Platega's callback and the shopper's return
// both arriving. Exactly one order must come of it, its payment captured.

function api(base, headers) {
  return async (method, url, body, { allow = [] } = {}) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { "content-type": "application/json", ...headers },
      ...(body && { body: JSON.stringify(body) }),
    })
    const text = await res.text()
    if (!res.ok && !allow.includes(res.status))
      throw new Error(`${method} ${url}: HTTP ${res.status} ${text.slice(0, 400)}`)
    return { status: res.status, ...JSON.parse(text || "{}") }
  }
}

const SBP = "pp_platega-sbp_platega"

/** What a storefront needs besides the region: a product in rubles it can sell and ship. */
async function sellableProduct(admin, publishableKey) {
  const { sales_channels: channels } = await admin("GET", "/admin/sales-channels?limit=1")
  const channel = channels[0].id
  const { api_keys: keys } = await admin("GET", "/admin/api-keys?type=publishable&limit=100")
  const key = keys.find((k) => k.token === publishableKey)
  await admin("POST", `/admin/api-keys/${key.id}/sales-channels`, { add: [channel] })
  const { stock_locations: locations } = await admin(
    "GET",
    "/admin/stock-locations?limit=100&fields=id,*fulfillment_sets,*fulfillment_sets.service_zones,*fulfillment_sets.service_zones.geo_zones",
  )
  const shipsToRussia = locations.find((l) =>
    l.fulfillment_sets.some((s) =>
      s.service_zones.some((z) => z.geo_zones.some((g) => g.country_code === "ru")),
    ),
  )
  await admin("POST", `/admin/stock-locations/${shipsToRussia.id}/sales-channels`, {
    add: [channel],
  })
  const { shipping_profiles: profiles } = await admin(
    "GET",
    "/admin/shipping-profiles?type=default&limit=1",
  )
  const { product } = await admin("POST", "/admin/products?fields=id,*variants", {
    title: "Install check tea",
    status: "published",
    shipping_profile_id: profiles[0].id,
    sales_channels: [{ id: channel }],
    options: [{ title: "Size", values: ["100 g"] }],
    variants: [
      {
        title: "100 g",
        options: { Size: "100 g" },
        manage_inventory: false,
        prices: [{ currency_code: "rub", amount: 1500 }],
      },
    ],
  })
  return product.variants[0].id
}

export async function checkPaidCheckout({ base, adminToken, publishableKey, sandbox }) {
  const admin = api(base, { authorization: `Bearer ${adminToken}` })
  const shop = api(base, { "x-publishable-api-key": publishableKey })
  const variantId = await sellableProduct(admin, publishableKey)
  const { regions } = await shop("GET", "/store/regions?limit=100")
  const russia = regions.find((r) => r.countries?.some((c) => c.iso_2 === "ru"))

  const { cart } = await shop("POST", "/store/carts", {
    region_id: russia.id,
    email: "shopper@example.com",
    items: [{ variant_id: variantId, quantity: 2 }],
    shipping_address: {
      first_name: "Анна",
      city: "Самара",
      postal_code: "443001",
      country_code: "ru",
    },
  })
  const { shipping_options: options } = await shop(
    "GET",
    `/store/shipping-options?cart_id=${cart.id}`,
  )
  await shop("POST", `/store/carts/${cart.id}/shipping-methods`, { option_id: options[0].id })
  const { payment_collection: collection } = await shop("POST", "/store/payment-collections", {
    cart_id: cart.id,
  })
  const { payment_collection: withSession } = await shop(
    "POST",
    `/store/payment-collections/${collection.id}/payment-sessions`,
    { provider_id: SBP, data: { return_url: `${base}/return?cart_id=${cart.id}` } },
  )
  const session = withSession.payment_sessions.find((s) => s.provider_id === SBP)
  const transactionId = session.data.transaction_id
  if (!transactionId) throw new Error(`no Platega transaction: ${JSON.stringify(session)}`)

  // The payer pays; Platega's callback and the shopper's return race to make the order.
  await sandbox.control.setCallbackUrl(`${base}/hooks/platega`)
  await sandbox.control.confirm(transactionId)
  let order
  for (let attempt = 0; !order && attempt < 30; attempt++) {
    const done = await shop("POST", `/store/carts/${cart.id}/complete`, undefined, {
      allow: [400, 409],
    })
    if (done.type === "order") order = done.order
    else await new Promise((r) => setTimeout(r, 1000))
  }
  if (!order) throw new Error(`the paid cart ${cart.id} made no order`)
  await sandbox.control.waitForCallbacks(30_000)
  await sandbox.control.setCallbackUrl(null)

  const again = await shop("POST", `/store/carts/${cart.id}/complete`, undefined, {
    allow: [400, 409],
  })
  const { orders } = await admin("GET", "/admin/orders?limit=100&fields=id,payment_status,total")
  if (orders.length !== 1 || (again.type === "order" && again.order.id !== order.id))
    throw new Error(`one paid cart, ${orders.length} orders: ${JSON.stringify(orders)}`)
  if (orders[0].payment_status !== "captured")
    throw new Error(`the order's payment is ${orders[0].payment_status}, not captured`)
  return [
    `paid checkout: SBP transaction ${transactionId.slice(0, 8)}… confirmed, callback and return: ` +
      `1 order (${orders[0].total} RUB), payment captured`,
  ]
}
