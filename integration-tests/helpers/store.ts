import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import seedDemo from "../../demo/seed"
import { API_KEY_TITLE, PRODUCTS } from "../../demo/seed-data"

/** What a storefront knows about the demo shop: its publishable key, region and a variant. */
export interface StoreFixture {
  headers: { "x-publishable-api-key": string }
  regionId: string
  variantId: string
  /** Price of that variant in rubles (it has kopecks: 2990.50). */
  price: number
}

/** Seeds the same shop the demo runs (idempotent) and reads what a storefront needs from it. */
export async function seedStore(container: MedusaContainer): Promise<StoreFixture> {
  await seedDemo({ container, args: [] })
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const [key] = await container
    .resolve(Modules.API_KEY)
    .listApiKeys({ title: API_KEY_TITLE, type: "publishable" }, { take: 1 })
  const [region] = await container
    .resolve(Modules.REGION)
    .listRegions({ currency_code: "rub" }, { take: 1 })
  const product = PRODUCTS.find((p) => !Number.isInteger(p.price)) ?? PRODUCTS[0]
  const { data: variants } = await query.graph({
    entity: "product_variant",
    fields: ["id"],
    filters: { sku: product.sku },
  })
  return {
    headers: { "x-publishable-api-key": key.token },
    regionId: region.id,
    variantId: variants[0].id,
    price: product.price,
  }
}
