import type { MedusaContainer } from "@medusajs/framework/types"
import type { RussiaRegionOptions } from "./options"
import { ensureRussiaRegion, registeredPlategaProviders } from "./region"
import { ensureRubPrices } from "./rub-prices"
import { ensureRussiaShipping } from "./shipping"
import { ensureRubInStore } from "./store-currency"
import { ensureRussiaTaxRegion } from "./tax-region"

export {
  parseRussiaRegionArgs,
  refuseDroppedWords,
  RUSSIA_REGION_USAGE,
  type RussiaRegionOptions,
} from "./options"

/**
 * Makes the store sell to Russia through Platega: RUB, a Russia region with the Platega
 * providers, a tax region and a RUB delivery option; then reports the variants without a RUB
 * price (and, only when asked, gives them one). Each part is looked for before it is made,
 * so running it again (or after a run that stopped half-way) finishes the job and duplicates
 * nothing; other regions, zones and options are never changed. Returns one line per part.
 */
export async function setUpRussia(
  container: MedusaContainer,
  options: RussiaRegionOptions,
): Promise<string[]> {
  const providers = await registeredPlategaProviders(container)
  const currency = await ensureRubInStore(container)
  const region = await ensureRussiaRegion(container, options.regionName, providers)
  const tax = await ensureRussiaTaxRegion(container)
  const shipping = await ensureRussiaShipping(container, {
    name: options.shippingOptionName,
    price: options.shippingPrice,
  })
  const prices = await ensureRubPrices(container, options.rubPrices)
  return [
    `store currency RUB: ${currency}`,
    `region "${region.name}" (${region.id}) with ${providers.join(", ")}: ${region.outcome}`,
    `tax region ru: ${tax}`,
    `shipping option "${shipping.option}" from ${shipping.location}: ${shipping.outcome}`,
    `RUB prices: ${prices}`,
  ]
}
