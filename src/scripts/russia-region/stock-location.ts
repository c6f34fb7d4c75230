import {
  createLinksWorkflow,
  createStockLocationsWorkflow,
  linkSalesChannelsToStockLocationWorkflow,
} from "@medusajs/medusa/core-flows"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { RUSSIA } from "./options"

export type ServiceZoneRow = {
  id: string
  name: string
  geo_zones?: { type: string; country_code: string }[]
}
export type LocationRow = {
  id: string
  name: string
  fulfillment_providers?: { id: string }[]
  fulfillment_sets?: { id: string; name: string; type: string; service_zones?: ServiceZoneRow[] }[]
}

const LOCATION_FIELDS = [
  "id",
  "name",
  "created_at",
  "fulfillment_providers.id",
  "fulfillment_sets.id",
  "fulfillment_sets.name",
  "fulfillment_sets.type",
  "fulfillment_sets.service_zones.id",
  "fulfillment_sets.service_zones.name",
  "fulfillment_sets.service_zones.geo_zones.type",
  "fulfillment_sets.service_zones.geo_zones.country_code",
]

/** A service zone of the location's shipping sets that covers all of Russia, if any. */
export function russiaZone(location: LocationRow): ServiceZoneRow | undefined {
  return location.fulfillment_sets
    ?.filter((s) => s.type === "shipping")
    .flatMap((s) => s.service_zones ?? [])
    .find((z) =>
      z.geo_zones?.some((g) => g.type === "country" && g.country_code === RUSSIA.countryCode),
    )
}

export async function readLocation(container: MedusaContainer, id: string): Promise<LocationRow> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "stock_location",
    fields: LOCATION_FIELDS,
    filters: { id },
  })
  return data[0] as LocationRow
}

/**
 * The stock location Russia ships from: the one already shipping to Russia, else the store's
 * default location, else its oldest; a store without any gets "Main warehouse", available to
 * its default sales channel.
 */
export async function ensureStockLocation(
  container: MedusaContainer,
): Promise<{ location: LocationRow; created: boolean }> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "stock_location",
    fields: LOCATION_FIELDS,
    pagination: { order: { created_at: "ASC" } },
  })
  const locations = data as LocationRow[]
  const [store] = await container.resolve(Modules.STORE).listStores({}, { take: 1 })
  const chosen =
    locations.find((l) => russiaZone(l)) ??
    locations.find((l) => l.id === store?.default_location_id) ??
    locations[0]
  if (chosen) return { location: chosen, created: false }

  const { result } = await createStockLocationsWorkflow(container).run({
    input: { locations: [{ name: "Main warehouse" }] },
  })
  if (store?.default_sales_channel_id) {
    await linkSalesChannelsToStockLocationWorkflow(container).run({
      input: { id: result[0].id, add: [store.default_sales_channel_id] },
    })
  }
  return { location: await readLocation(container, result[0].id), created: true }
}

/**
 * The fulfillment provider the location ships with: one already linked to it (Medusa's manual
 * provider first), else the manual provider (or the first registered one), linked now.
 */
export async function ensureFulfillmentProvider(
  container: MedusaContainer,
  location: LocationRow,
): Promise<string> {
  const linked = (location.fulfillment_providers ?? []).map((p) => p.id)
  if (linked.length) return linked.includes("manual_manual") ? "manual_manual" : linked[0]
  const registered = await container.resolve(Modules.FULFILLMENT).listFulfillmentProviders({})
  const provider = registered.find((p) => p.id === "manual_manual")?.id ?? registered[0]?.id
  if (!provider) throw new Error("the store has no fulfillment provider registered")
  await createLinksWorkflow(container).run({
    input: [
      {
        [Modules.STOCK_LOCATION]: { stock_location_id: location.id },
        [Modules.FULFILLMENT]: { fulfillment_provider_id: provider },
      },
    ],
  })
  return provider
}
