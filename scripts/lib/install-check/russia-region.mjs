// The package's Russia region script, run twice in the store the way the README says, beside a
// region (Germany, EUR) and a stock location that were there before: the second run changes
// nothing, the other region and its shipping zone are unchanged, and the admin and store APIs
// show one Russia region in RUB with the Platega providers, one tax region and one RUB delivery.
import { execFile } from "node:child_process"
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

/** What was in the store before the script: a German region and a Berlin warehouse shipping there. */
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
  return { regionId: region.id, setId: set.id, zoneId: withZone.service_zones[0].id }
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

// Asynchronous, so this process keeps its HTTP connections to the store alive meanwhile.
async function runScript(store, script, env) {
  const cli = `${store}/node_modules/@medusajs/cli/cli.js`
  const { stdout, stderr } = await promisify(execFile)(process.execPath, [cli, "exec", script], {
    cwd: store,
    env,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  })
  return stdout + stderr
}

const outcomes = (log) =>
  [...log.matchAll(/\[platega\] (.*): (created|updated|unchanged)/g)].map((m) => m[2])

export async function checkRussiaRegion({ base, store, script, env, adminToken, publishableKey }) {
  const admin = api(base, { authorization: `Bearer ${adminToken}` })
  const shop = api(base, { "x-publishable-api-key": publishableKey })
  const setup = await existingSetup(admin)
  const before = await snapshot(admin, setup)

  const first = await runScript(store, script, env)
  const second = await runScript(store, script, env)
  const [once, twice] = [outcomes(first), outcomes(second)]
  if (once.length !== 4 || !once.includes("created"))
    throw new Error(`the first run did not report its four parts:\n${first.slice(-3000)}`)
  if (twice.length !== 4 || twice.some((o) => o !== "unchanged"))
    throw new Error(
      `the second run changed something (${twice.join(", ")}):\n${second.slice(-3000)}`,
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
    `region ${russia[0].name} (RUB, ru) with ${enabled.join(", ")}; 1 tax region; shipping "${toRussia[0].name}" in RUB`,
    `Germany region and Berlin's zone unchanged; store currencies ${after.currencies.join(", ")}`,
  ]
}
