// The package's Russia region script, run twice in the store the way the docs say, beside a
// region (Germany, EUR), a stock location and a product priced in euros that were there before:
// first as the README writes it (the product is listed as having no RUB price), then with the RUB
// price options exactly as docs/russia-region.md writes them (`npx medusa exec <script>
// rub-prices-from=… rub-rate=… rub-rounding=…`): the second run changes no part, gives the product
// its converted RUB price, leaves the other region and its shipping zone unchanged, and the admin
// and store APIs show one Russia region in RUB with the Platega providers, one tax region and one
// RUB delivery.
import { execFile } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { isDeepStrictEqual, promisify } from "node:util"

function api(base, headers) {
  return async (method, url, body) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { "content-type": "application/json", ...headers },
      ...(body && { body: JSON.stringify(body) }),
    })
    const text = await res.text()
    if (!res.ok) throw new Error(`${method} ${url}: HTTP ${res.status} ${text.slice(0, 400)}`)
    return JSON.parse(text)
  }
}

const REGION_FIELDS = "fields=id,name,currency_code,updated_at,*countries,*payment_providers"
const ZONE_FIELDS = "fields=id,name,updated_at,*geo_zones,*shipping_options"

/** The product's only price: euros, as Medusa's starters price their catalogue. */
const EUR_PRICE = 12.5

/**
 * The command docs/russia-region.md gives for RUB prices, as words (the Russian page must give the
 * same one), and the options it passes.
 */
export function documentedPriceCommand(root) {
  const line = (file) =>
    /^npx medusa exec \S+\/create-russia-region\.js [^\n]*rub-prices-from=[^\n]*$/m.exec(
      fs.readFileSync(path.join(root, file), "utf8"),
    )?.[0]
  const [en, ru] = [line("docs/russia-region.md"), line("docs/ru/russia-region.md")]
  if (!en) throw new Error("docs/russia-region.md lost its command with rub-prices-from")
  if (en !== ru) throw new Error(`docs/ru/russia-region.md gives another command: ${ru}`)
  if (/["'\\]/.test(en)) throw new Error(`the command should need no shell quoting: ${en}`)
  const words = en.split(/\s+/)
  const options = Object.fromEntries(
    words.filter((w) => w.includes("=")).map((w) => [w.slice(0, w.indexOf("=")), w.split("=")[1]]),
  )
  return { words, options }
}

/** What the script makes of EUR_PRICE: × rate, to the nearest multiple of the rounding. */
function expectedRub({ "rub-rate": rate, "rub-rounding": rounding = "1" }) {
  return Math.round((EUR_PRICE * Number(rate)) / Number(rounding)) * Number(rounding)
}

/**
 * What was in the store before the script: a German region, a Berlin warehouse shipping there and
 * a product priced in euros only.
 */
async function existingSetup(admin) {
  const { region } = await admin("POST", "/admin/regions", {
    name: "Germany",
    currency_code: "eur",
    countries: ["de"],
    payment_providers: ["pp_system_default"],
  })
  const { stock_location: location } = await admin("POST", "/admin/stock-locations", {
    name: "Berlin warehouse",
  })
  await admin("POST", `/admin/stock-locations/${location.id}/fulfillment-providers`, {
    add: ["manual_manual"],
  })
  const { stock_location: withSet } = await admin(
    "POST",
    `/admin/stock-locations/${location.id}/fulfillment-sets?fields=*fulfillment_sets`,
    { name: "Berlin shipping", type: "shipping" },
  )
  const set = withSet.fulfillment_sets[0]
  const { fulfillment_set: withZone } = await admin(
    "POST",
    `/admin/fulfillment-sets/${set.id}/service-zones?fields=*service_zones`,
    { name: "Germany", geo_zones: [{ type: "country", country_code: "de" }] },
  )
  const { product } = await admin("POST", "/admin/products?fields=id", {
    title: "Install check scarf",
    status: "published",
    options: [{ title: "Size", values: ["One size"] }],
    variants: [
      {
        title: "One size",
        sku: "CHECK-SCARF",
        options: { Size: "One size" },
        manage_inventory: false,
        prices: [{ currency_code: "eur", amount: EUR_PRICE }],
      },
    ],
  })
  return {
    regionId: region.id,
    setId: set.id,
    zoneId: withZone.service_zones[0].id,
    productId: product.id,
  }
}

/** The product's prices by currency, as the admin reads them. */
async function productPrices(admin, productId) {
  const { product } = await admin("GET", `/admin/products/${productId}?fields=id,*variants.prices`)
  return Object.fromEntries(
    product.variants[0].prices.map((p) => [p.currency_code, Number(p.amount)]),
  )
}

async function snapshot(admin, before) {
  const { region } = await admin("GET", `/admin/regions/${before.regionId}?${REGION_FIELDS}`)
  const { service_zone: zone } = await admin(
    "GET",
    `/admin/fulfillment-sets/${before.setId}/service-zones/${before.zoneId}?${ZONE_FIELDS}`,
  )
  const { store } = await admin("GET", "/admin/stores?fields=id,*supported_currencies").then(
    (r) => ({
      store: r.stores[0],
    }),
  )
  const currencies = store.supported_currencies
    .map((c) => `${c.currency_code}${c.is_default ? " (default)" : ""}`)
    .sort()
  return { region, zone, currencies }
}

/**
 * A command as the docs write it (`npx medusa exec …`), run in the store's folder. Asynchronous,
 * so this process keeps its HTTP connections to the store alive meanwhile.
 */
async function runCommand(store, [command, ...args], env) {
  try {
    const { stdout, stderr } = await promisify(execFile)(command, args, {
      cwd: store,
      env,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    })
    return stdout + stderr
  } catch (e) {
    const log = `${e.stdout ?? ""}${e.stderr ?? ""}`
    throw new Error(`${[command, ...args].join(" ")} failed:\n${log.slice(-3000)}`)
  }
}

const outcomes = (log) =>
  [...log.matchAll(/\[platega\] (.*): (created|updated|unchanged)/g)].map((m) => m[2])

export async function checkRussiaRegion({
  base,
  store,
  script,
  priceCommand,
  env,
  adminToken,
  publishableKey,
}) {
  const admin = api(base, { authorization: `Bearer ${adminToken}` })
  const shop = api(base, { "x-publishable-api-key": publishableKey })
  const setup = await existingSetup(admin)
  const before = await snapshot(admin, setup)

  if (!priceCommand.words.includes(script))
    throw new Error(`the docs' RUB price command runs another script: ${priceCommand.words}`)
  const first = await runCommand(store, ["npx", "medusa", "exec", script], env)
  if (!/RUB prices: 1 of 1 variants have no RUB price/.test(first))
    throw new Error(`the first run did not list the product without a RUB price:\n${first}`)
  if ("rub" in (await productPrices(admin, setup.productId)))
    throw new Error("the first run, without the RUB price options, priced the product in RUB")
  const second = await runCommand(store, priceCommand.words, env)
  const [once, twice] = [outcomes(first), outcomes(second)]
  if (once.length !== 4 || !once.includes("created"))
    throw new Error(`the first run did not report its four parts:\n${first.slice(-3000)}`)
  if (twice.length !== 4 || twice.some((o) => o !== "unchanged"))
    throw new Error(
      `the second run changed something (${twice.join(", ")}):\n${second.slice(-3000)}`,
    )

  const prices = await productPrices(admin, setup.productId)
  const rub = expectedRub(priceCommand.options)
  if (!isDeepStrictEqual(prices, { eur: EUR_PRICE, rub }))
    throw new Error(
      `${priceCommand.words.slice(4).join(" ")} should have priced the product at ${rub} RUB ` +
        `beside its ${EUR_PRICE} EUR: ${JSON.stringify(prices)}\n${second.slice(-3000)}`,
    )

  const after = await snapshot(admin, setup)
  if (
    !isDeepStrictEqual(before.region, after.region) ||
    !isDeepStrictEqual(before.zone, after.zone)
  )
    throw new Error(
      `the script changed what was there before:\n${JSON.stringify({ before, after }, null, 1)}`,
    )
  if (
    !after.currencies.includes("rub") ||
    !before.currencies.every((c) => after.currencies.includes(c))
  )
    throw new Error(`store currencies ${before.currencies} became ${after.currencies}`)

  const { regions } = await admin("GET", `/admin/regions?limit=100&${REGION_FIELDS}`)
  const russia = regions.filter((r) => r.countries.some((c) => c.iso_2 === "ru"))
  const { payment_providers: registered } = await admin(
    "GET",
    "/admin/payments/payment-providers?limit=100",
  )
  const platega = registered.map((p) => p.id).filter((id) => id.startsWith("pp_platega-"))
  const enabled = russia[0]?.payment_providers.map((p) => p.id) ?? []
  if (
    russia.length !== 1 ||
    russia[0].currency_code !== "rub" ||
    !platega.every((id) => enabled.includes(id))
  )
    throw new Error(`expected one RUB region for ru with ${platega}: ${JSON.stringify(russia)}`)

  const { tax_regions: taxRegions } = await admin(
    "GET",
    "/admin/tax-regions?country_code=ru&parent_id=null",
  )
  if (taxRegions.filter((t) => !t.parent_id).length !== 1)
    throw new Error(`expected one tax region for ru: ${JSON.stringify(taxRegions)}`)

  const { shipping_options: options } = await admin(
    "GET",
    "/admin/shipping-options?limit=100&fields=id,name,*prices,*service_zone,*service_zone.geo_zones",
  )
  const toRussia = options.filter((o) =>
    o.service_zone.geo_zones.some((g) => g.country_code === "ru"),
  )
  if (toRussia.length !== 1 || !toRussia[0].prices.some((p) => p.currency_code === "rub"))
    throw new Error(`expected one RUB shipping option to ru: ${JSON.stringify(toRussia)}`)

  // What a storefront sees: the region and its Platega providers.
  const { regions: storeRegions } = await shop("GET", "/store/regions?limit=100")
  const storeRussia = storeRegions.find((r) => r.id === russia[0].id)
  const { payment_providers: offered } = await shop(
    "GET",
    `/store/payment-providers?region_id=${russia[0].id}`,
  )
  if (!storeRussia || !platega.every((id) => offered.some((p) => p.id === id)))
    throw new Error(
      `the storefront does not see the Russia region's providers: ${JSON.stringify(offered)}`,
    )

  return [
    `first run: ${once.join(", ")}; second run: ${twice.join(", ")}`,
    `second run (${priceCommand.words.slice(4).join(" ")}): ${EUR_PRICE} EUR → ${rub} RUB`,
    `region ${russia[0].name} (RUB, ru) with ${enabled.join(", ")}; 1 tax region; shipping "${toRussia[0].name}" in RUB`,
    `Germany region and Berlin's zone unchanged; store currencies ${after.currencies.join(", ")}`,
  ]
}
