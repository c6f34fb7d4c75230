// Seeds the demo shop: a ruble store with a Russia region paying through Platega (SBP QR and card),
// free delivery, four products and an admin user. Run by scripts/demo.mjs with
// `npx medusa exec ./demo/seed.ts`. Every step looks for what it would create first, so a second run
// (or a run after a half-finished one) changes nothing that is already there.
import {
  createApiKeysWorkflow,
  createInventoryLevelsWorkflow,
  createProductsWorkflow,
  createRegionsWorkflow,
  createShippingOptionsWorkflow,
  createShippingProfilesWorkflow,
  createStockLocationsWorkflow,
  createStoresWorkflow,
  createTaxRegionsWorkflow,
  createUsersWorkflow,
  linkSalesChannelsToApiKeyWorkflow,
  linkSalesChannelsToStockLocationWorkflow,
  updateRegionsWorkflow,
  updateStoresWorkflow,
} from "@medusajs/core-flows"
import type { ExecArgs, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules, ProductStatus } from "@medusajs/framework/utils"
import fs from "node:fs"
import path from "node:path"
import { setVariantPlanWorkflow } from "../src/workflows/subscriptions/set-variant-plan"
import {
  ADMIN,
  API_KEY_TITLE,
  PAYMENT_PROVIDERS,
  PRODUCTS,
  REGION,
  SEED_MARKER,
  SHIPPING,
  STOCK_LOCATION,
} from "./seed-data"

type Log = (message: string) => void

export default async function seedDemo({ container }: ExecArgs): Promise<void> {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const log: Log = (m) => logger.info(`[demo seed] ${m}`)

  const store = await ensureStore(container)
  const salesChannelId = await ensureSalesChannel(container, store.default_sales_channel_id)
  const regionId = await ensureRegion(container, log)
  await ensureTaxRegion(container)
  const locationId = await ensureStockLocation(container, salesChannelId, log)
  const profileId = await ensureShipping(container, locationId, regionId, log)
  const publishableKey = await ensureApiKey(container, salesChannelId, log)
  await ensureProducts(container, salesChannelId, profileId, locationId, log)
  await ensurePlans(container, log)
  await ensureAdmin(container, log)

  await updateStoresWorkflow(container).run({
    input: {
      selector: { id: store.id },
      update: {
        name: "Platega Demo Shop",
        supported_currencies: [{ currency_code: "rub", is_default: true }],
        default_sales_channel_id: salesChannelId,
        default_region_id: regionId,
        default_location_id: locationId,
        // The marker scripts/demo.mjs looks for: present only once everything above has succeeded.
        metadata: { ...(store.metadata ?? {}), [SEED_MARKER]: new Date().toISOString() },
      },
    },
  })

  const out = process.env.DEMO_PUBLISHABLE_KEY_FILE
  if (out) {
    fs.mkdirSync(path.dirname(out), { recursive: true })
    fs.writeFileSync(out, publishableKey + "\n")
  }
  log(`done; publishable API key ${publishableKey}`)
}

async function ensureStore(container: MedusaContainer) {
  const storeModule = container.resolve(Modules.STORE)
  const [store] = await storeModule.listStores({}, { take: 1 })
  if (store) return store
  // Medusa creates the default store when the app loads; this is only a safety net.
  const { result } = await createStoresWorkflow(container).run({
    input: {
      stores: [
        {
          name: "Platega Demo Shop",
          supported_currencies: [{ currency_code: "rub", is_default: true }],
        },
      ],
    },
  })
  return result[0]
}

async function ensureSalesChannel(
  container: MedusaContainer,
  defaultId: string | null | undefined,
): Promise<string> {
  if (defaultId) return defaultId
  const salesChannels = container.resolve(Modules.SALES_CHANNEL)
  const [existing] = await salesChannels.listSalesChannels({ name: "Default Sales Channel" })
  if (existing) return existing.id
  const created = await salesChannels.createSalesChannels({ name: "Default Sales Channel" })
  return created.id
}

/**
 * The plugin's providers, and every other Platega method the store registered
 * (pp_platega-method_<id>, see medusa-config.ts): all offered in the demo's region.
 */
async function paymentProviders(container: MedusaContainer): Promise<string[]> {
  const registered = await container
    .resolve(Modules.PAYMENT)
    .listPaymentProviders({}, { select: ["id"], take: 100 })
  const extra = registered.map((p) => p.id).filter((id) => id.startsWith("pp_platega-method_"))
  return [...PAYMENT_PROVIDERS, ...extra.sort()]
}

async function ensureRegion(container: MedusaContainer, log: Log): Promise<string> {
  const regions = container.resolve(Modules.REGION)
  const providers = await paymentProviders(container)
  const [existing] = await regions.listRegions({ name: REGION.name })
  if (existing) {
    // Keep the providers right even if the region was edited in the admin meanwhile.
    await updateRegionsWorkflow(container).run({
      input: { selector: { id: existing.id }, update: { payment_providers: providers } },
    })
    return existing.id
  }
  log(`creating region ${REGION.name} (${REGION.currency_code})`)
  const { result } = await createRegionsWorkflow(container).run({
    input: { regions: [{ ...REGION, payment_providers: providers }] },
  })
  return result[0].id
}

async function ensureTaxRegion(container: MedusaContainer): Promise<void> {
  const tax = container.resolve(Modules.TAX)
  const existing = await tax.listTaxRegions({ country_code: REGION.countries[0] })
  if (existing.length) return
  // Prices include nothing extra: a zero-rate default keeps the totals equal to the shelf prices.
  await createTaxRegionsWorkflow(container).run({
    input: [{ country_code: REGION.countries[0], provider_id: "tp_system" }],
  })
}

async function ensureStockLocation(
  container: MedusaContainer,
  salesChannelId: string,
  log: Log,
): Promise<string> {
  const locations = container.resolve(Modules.STOCK_LOCATION)
  const [existing] = await locations.listStockLocations({ name: STOCK_LOCATION.name })
  if (existing) return existing.id
  log(`creating stock location ${STOCK_LOCATION.name}`)
  const { result } = await createStockLocationsWorkflow(container).run({
    input: { locations: [STOCK_LOCATION] },
  })
  const location = result[0]
  await linkSalesChannelsToStockLocationWorkflow(container).run({
    input: { id: location.id, add: [salesChannelId] },
  })
  const link = container.resolve(ContainerRegistrationKeys.LINK)
  await link.create({
    [Modules.STOCK_LOCATION]: { stock_location_id: location.id },
    [Modules.FULFILLMENT]: { fulfillment_provider_id: SHIPPING.providerId },
  })
  return location.id
}

/** Shipping profile, fulfillment set for Russia, and a free delivery option. Returns the profile. */
async function ensureShipping(
  container: MedusaContainer,
  locationId: string,
  regionId: string,
  log: Log,
): Promise<string> {
  const fulfillment = container.resolve(Modules.FULFILLMENT)
  let [profile] = await fulfillment.listShippingProfiles({ type: "default" })
  if (!profile) {
    const { result } = await createShippingProfilesWorkflow(container).run({
      input: { data: [{ name: "Default Shipping Profile", type: "default" }] },
    })
    profile = result[0]
  }

  let [set] = await fulfillment.listFulfillmentSets(
    { name: SHIPPING.fulfillmentSetName },
    { relations: ["service_zones"] },
  )
  if (!set) {
    log("creating the fulfillment set for Russia")
    set = await fulfillment.createFulfillmentSets({
      name: SHIPPING.fulfillmentSetName,
      type: "shipping",
      service_zones: [
        { name: "Russia", geo_zones: [{ country_code: REGION.countries[0], type: "country" }] },
      ],
    })
    const link = container.resolve(ContainerRegistrationKeys.LINK)
    await link.create({
      [Modules.STOCK_LOCATION]: { stock_location_id: locationId },
      [Modules.FULFILLMENT]: { fulfillment_set_id: set.id },
    })
  }

  const [option] = await fulfillment.listShippingOptions({ name: SHIPPING.optionName })
  if (!option) {
    await createShippingOptionsWorkflow(container).run({
      input: [
        {
          name: SHIPPING.optionName,
          price_type: "flat",
          provider_id: SHIPPING.providerId,
          service_zone_id: set.service_zones[0].id,
          shipping_profile_id: profile.id,
          type: { label: "Free", description: "Курьером за 1–3 дня", code: "free" },
          prices: [
            { currency_code: REGION.currency_code, amount: 0 },
            { region_id: regionId, amount: 0 },
          ],
          rules: [
            { attribute: "enabled_in_store", value: "true", operator: "eq" },
            { attribute: "is_return", value: "false", operator: "eq" },
          ],
        },
      ],
    })
  }
  return profile.id
}

async function ensureApiKey(
  container: MedusaContainer,
  salesChannelId: string,
  log: Log,
): Promise<string> {
  const apiKeys = container.resolve(Modules.API_KEY)
  const [existing] = await apiKeys.listApiKeys({ title: API_KEY_TITLE, type: "publishable" })
  if (existing) return existing.token
  log("creating the storefront's publishable API key")
  const { result } = await createApiKeysWorkflow(container).run({
    input: { api_keys: [{ title: API_KEY_TITLE, type: "publishable", created_by: "" }] },
  })
  await linkSalesChannelsToApiKeyWorkflow(container).run({
    input: { id: result[0].id, add: [salesChannelId] },
  })
  return result[0].token
}

async function ensureProducts(
  container: MedusaContainer,
  salesChannelId: string,
  shippingProfileId: string,
  locationId: string,
  log: Log,
): Promise<void> {
  const products = container.resolve(Modules.PRODUCT)
  const existing = await products.listProducts({ handle: PRODUCTS.map((p) => p.handle) })
  const handles = new Set(existing.map((p) => p.handle))
  const missing = PRODUCTS.filter((p) => !handles.has(p.handle))
  if (!missing.length) return
  log(`creating ${missing.length} products`)
  await createProductsWorkflow(container).run({
    input: {
      products: missing.map((p) => ({
        title: p.title,
        handle: p.handle,
        description: p.description,
        status: ProductStatus.PUBLISHED,
        shipping_profile_id: shippingProfileId,
        thumbnail: p.thumbnail,
        // Tells the storefront to offer "Subscribe" (the plan itself is the variant's, below).
        ...(p.plan && { metadata: { platega_subscription: true } }),
        options: [{ title: "Вариант", values: ["Стандарт"] }],
        variants: [
          {
            title: "Стандарт",
            sku: p.sku,
            options: { Вариант: "Стандарт" },
            manage_inventory: true,
            prices: [{ amount: p.price, currency_code: REGION.currency_code }],
          },
        ],
        sales_channels: [{ id: salesChannelId }],
      })),
    },
  })

  // Managed inventory needs stock at the location, or the cart refuses the items.
  const inventory = container.resolve(Modules.INVENTORY)
  const items = await inventory.listInventoryItems({ sku: missing.map((p) => p.sku) })
  const stocked = await inventory.listInventoryLevels({
    location_id: locationId,
    inventory_item_id: items.map((i) => i.id),
  })
  const have = new Set(stocked.map((l) => l.inventory_item_id))
  const levels = items
    .filter((i) => !have.has(i.id))
    .map((i) => ({ inventory_item_id: i.id, location_id: locationId, stocked_quantity: 1_000_000 }))
  if (levels.length) {
    await createInventoryLevelsWorkflow(container).run({ input: { inventory_levels: levels } })
  }
}

/** The subscription products' plans, set the way the admin's product widget sets them. */
async function ensurePlans(container: MedusaContainer, log: Log): Promise<void> {
  const products = container.resolve(Modules.PRODUCT)
  for (const p of PRODUCTS.filter((p) => p.plan)) {
    const [variant] = await products.listProductVariants({ sku: p.sku })
    if (!variant) continue
    await setVariantPlanWorkflow(container).run({
      input: { variant_id: variant.id, plan: p.plan ?? null },
    })
    log(`${p.handle}: sold by subscription, every ${p.plan?.interval_count} ${p.plan?.interval}`)
  }
}

async function ensureAdmin(container: MedusaContainer, log: Log): Promise<void> {
  const users = container.resolve(Modules.USER)
  const [existing] = await users.listUsers({ email: ADMIN.email })
  if (existing) return
  log(`creating admin user ${ADMIN.email}`)
  // What `medusa user -e … -p …` does, without a second Medusa boot.
  const { result } = await createUsersWorkflow(container).run({
    input: { users: [{ email: ADMIN.email }] },
  })
  const auth = container.resolve(Modules.AUTH)
  const { authIdentity, error } = await auth.register("emailpass", {
    body: { email: ADMIN.email, password: ADMIN.password },
  })
  if (error || !authIdentity) throw new Error(`admin user: ${error ?? "no auth identity"}`)
  await auth.updateAuthIdentities({ id: authIdentity.id, app_metadata: { user_id: result[0].id } })
}
