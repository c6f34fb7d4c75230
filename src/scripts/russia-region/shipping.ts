import {
  createLocationFulfillmentSetWorkflow,
  createServiceZonesWorkflow,
  createShippingOptionsWorkflow,
  createShippingProfilesWorkflow,
} from "@medusajs/medusa/core-flows"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { RUSSIA } from "./options"
import type { Outcome } from "./store-currency"
import {
  ensureFulfillmentProvider,
  ensureStockLocation,
  readLocation,
  russiaZone,
  type LocationRow,
  type ServiceZoneRow,
} from "./stock-location"

type OptionRow = {
  id: string
  name: string
  prices?: { currency_code: string }[]
  rules?: { attribute: string; value: string }[]
}

/**
 * A service zone for Russia in the location's shipping fulfillment set (the set is created when
 * the location has none). Other zones and sets are left as they are.
 */
async function ensureRussiaZone(
  container: MedusaContainer,
  location: LocationRow,
): Promise<ServiceZoneRow> {
  const found = russiaZone(location)
  if (found) return found
  let set = location.fulfillment_sets?.find((s) => s.type === "shipping")
  if (!set) {
    await createLocationFulfillmentSetWorkflow(container).run({
      input: {
        location_id: location.id,
        fulfillment_set_data: { name: `${location.name} shipping`, type: "shipping" },
      },
    })
    set = (await readLocation(container, location.id)).fulfillment_sets?.find(
      (s) => s.type === "shipping",
    )
    if (!set) throw new Error(`no shipping fulfillment set could be made for ${location.name}`)
  }
  const { result } = await createServiceZonesWorkflow(container).run({
    input: {
      data: [
        {
          fulfillment_set_id: set.id,
          name: "Russia",
          geo_zones: [{ type: "country", country_code: RUSSIA.countryCode }],
        },
      ],
    },
  })
  return result[0] as ServiceZoneRow
}

async function defaultShippingProfile(container: MedusaContainer): Promise<string> {
  const fulfillment = container.resolve(Modules.FULFILLMENT)
  const [profile] = await fulfillment.listShippingProfiles({ type: "default" })
  if (profile) return profile.id
  const { result } = await createShippingProfilesWorkflow(container).run({
    input: { data: [{ name: "Default Shipping Profile", type: "default" }] },
  })
  return result[0].id
}

const isReturn = (o: OptionRow) =>
  (o.rules ?? []).some((r) => r.attribute === "is_return" && r.value === "true")

/**
 * Delivery to Russia priced in rubles: a shipping option in the Russia service zone of the
 * store's stock location, with whatever is missing on the way (location, provider link,
 * fulfillment set, zone, shipping profile). A zone that already has a RUB-priced delivery option
 * keeps it and gets no second one.
 */
export async function ensureRussiaShipping(
  container: MedusaContainer,
  option: { name: string; price: number },
): Promise<{ location: string; option: string; outcome: Outcome }> {
  const { location } = await ensureStockLocation(container)
  const provider = await ensureFulfillmentProvider(container, location)
  const zone = await ensureRussiaZone(container, location)

  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "shipping_option",
    fields: ["id", "name", "prices.currency_code", "rules.attribute", "rules.value"],
    filters: { service_zone_id: zone.id },
  })
  const existing = (data as OptionRow[]).find(
    (o) => !isReturn(o) && o.prices?.some((p) => p.currency_code === RUSSIA.currencyCode),
  )
  if (existing) return { location: location.name, option: existing.name, outcome: "unchanged" }

  await createShippingOptionsWorkflow(container).run({
    input: [
      {
        name: option.name,
        price_type: "flat",
        provider_id: provider,
        service_zone_id: zone.id,
        shipping_profile_id: await defaultShippingProfile(container),
        type: { label: option.name, description: "Delivery in Russia", code: "standard-ru" },
        prices: [{ currency_code: RUSSIA.currencyCode, amount: option.price }],
        rules: [
          { attribute: "enabled_in_store", value: "true", operator: "eq" },
          { attribute: "is_return", value: "false", operator: "eq" },
        ],
      },
    ],
  })
  return { location: location.name, option: option.name, outcome: "created" }
}
