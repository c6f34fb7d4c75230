import type { StoreFixture } from "../../integration-tests/helpers/store"
import { API_KEY_TITLE, PRODUCTS } from "../../demo/seed-data"
import { withClient } from "./database"

/** What a storefront knows about the seeded shop, read straight from its database. */
export async function readStore(databaseUrl: string): Promise<StoreFixture> {
  return withClient(databaseUrl, async (c) => {
    const key = await c.query<{ token: string }>(
      `select token from api_key where title = $1 and type = 'publishable'
        and revoked_at is null and deleted_at is null limit 1`,
      [API_KEY_TITLE],
    )
    const region = await c.query<{ id: string }>(
      "select id from region where currency_code = 'rub' and deleted_at is null limit 1",
    )
    // The product with kopecks, as the integration tests use.
    const product = PRODUCTS.find((p) => !Number.isInteger(p.price)) ?? PRODUCTS[0]
    const variant = await c.query<{ id: string }>(
      "select id from product_variant where sku = $1 and deleted_at is null limit 1",
      [product.sku],
    )
    if (!key.rows[0] || !region.rows[0] || !variant.rows[0])
      throw new Error("the bench store is not seeded (no key, region or variant)")
    return {
      headers: { "x-publishable-api-key": key.rows[0].token },
      regionId: region.rows[0].id,
      variantId: variant.rows[0].id,
      price: product.price,
    }
  })
}
