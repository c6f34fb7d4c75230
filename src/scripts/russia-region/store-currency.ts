import { updateStoresWorkflow } from "@medusajs/medusa/core-flows"
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { RUSSIA } from "./options"

export type Outcome = "created" | "updated" | "unchanged"

/**
 * Adds RUB to the store's currencies, keeping every currency it has (which one is the default,
 * and whether its prices include tax) as it is. RUB becomes the default only in a store that
 * has no currency at all.
 */
export async function ensureRubInStore(container: MedusaContainer): Promise<Outcome> {
  const stores = container.resolve(Modules.STORE)
  const [store] = await stores.listStores({}, { relations: ["supported_currencies"], take: 1 })
  if (!store) throw new Error("the database has no store yet: run `npx medusa db:migrate` first")
  const currencies = store.supported_currencies ?? []
  if (currencies.some((c) => c.currency_code === RUSSIA.currencyCode)) return "unchanged"
  // The workflow rewrites each listed currency's price preference: pass the current ones on.
  const preferences = await container.resolve(Modules.PRICING).listPricePreferences({
    attribute: "currency_code",
    value: currencies.map((c) => c.currency_code),
  })
  const taxInclusive = new Map(preferences.map((p) => [p.value, p.is_tax_inclusive]))
  await updateStoresWorkflow(container).run({
    input: {
      selector: { id: store.id },
      update: {
        supported_currencies: [
          ...currencies.map((c) => ({
            currency_code: c.currency_code,
            is_default: c.is_default,
            is_tax_inclusive: taxInclusive.get(c.currency_code) ?? false,
          })),
          { currency_code: RUSSIA.currencyCode, is_default: currencies.length === 0 },
        ],
      },
    },
  })
  return "updated"
}
