import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MathBN, Modules } from "@medusajs/framework/utils"
import { RUSSIA, type RubPricesFrom } from "./options"

type PriceRow = {
  amount: unknown
  currency_code: string
  price_list_id?: string | null
  rules_count?: number | null
}

type VariantRow = {
  id: string
  title: string | null
  sku: string | null
  product?: { title: string | null } | null
  price_set?: { id: string } | null
  prices?: PriceRow[] | null
}

/** A variant's own price in a currency: not a price list's, not one with rules (region, quantity). */
function basePrice(variant: VariantRow, currency: string): PriceRow | undefined {
  return (variant.prices ?? []).find(
    (p) => p.currency_code === currency && !p.price_list_id && !p.rules_count,
  )
}

function label(variant: VariantRow): string {
  const name = [variant.product?.title, variant.title].filter(Boolean).join(" / ")
  return variant.sku ? `${name} (${variant.sku})` : name
}

/** `amount × rate`, to the nearest multiple of `rounding` (half up), in rubles. */
export function rubAmount(amount: unknown, from: RubPricesFrom): number {
  const rubles = MathBN.mult(MathBN.convert(amount as string), from.rate)
  const steps = MathBN.div(rubles, from.rounding).integerValue(HALF_UP)
  return MathBN.mult(steps, from.rounding).toNumber()
}

/** bignumber.js ROUND_HALF_UP. */
const HALF_UP = 4

/** How many variants a report names. */
const SHOWN = 10

function listed(variants: VariantRow[]): string {
  const names = variants.slice(0, SHOWN).map(label).join(", ")
  return variants.length > SHOWN ? `${names} and ${variants.length - SHOWN} more` : names
}

/**
 * The variants a Russian shopper cannot buy, having no ruble price. Without `from` they are only
 * reported, with what to do; with it, each gets a RUB price converted from its price in `from`
 * (a variant without one is reported instead). Prices in other currencies are never changed.
 */
export async function ensureRubPrices(
  container: MedusaContainer,
  from: RubPricesFrom | undefined,
): Promise<string> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "product_variant",
    fields: [
      "id",
      "title",
      "sku",
      "product.title",
      "price_set.id",
      "prices.amount",
      "prices.currency_code",
      "prices.price_list_id",
      "prices.rules_count",
    ],
  })
  const variants = data as VariantRow[]
  const missing = variants.filter((v) => !basePrice(v, RUSSIA.currencyCode))
  if (!variants.length) return "the store has no product variants yet"
  if (!missing.length) return `every variant (${variants.length}) has a RUB price`
  if (!from) {
    return (
      `${missing.length} of ${variants.length} variants have no RUB price, so a Russian shopper ` +
      `cannot buy them: ${listed(missing)}. Price them in the admin, or run again with ` +
      `rub-prices-from=<currency> rub-rate=<rubles per unit> [rub-rounding=<rubles>] after the script's path`
    )
  }
  const convertible = missing.filter((v) => v.price_set?.id && basePrice(v, from.currency))
  const left = missing.filter((v) => !convertible.includes(v))
  const pricing = container.resolve(Modules.PRICING)
  for (const variant of convertible) {
    await pricing.addPrices({
      priceSetId: variant.price_set!.id,
      prices: [
        {
          currency_code: RUSSIA.currencyCode,
          amount: rubAmount(basePrice(variant, from.currency)!.amount, from),
        },
      ],
    })
  }
  const added =
    `added a RUB price to ${convertible.length} variants ` +
    `(${from.currency.toUpperCase()} × ${from.rate}, rounded to ${from.rounding} ₽)`
  return left.length
    ? `${added}; ${left.length} have no ${from.currency.toUpperCase()} price to convert, ` +
        `price them in the admin: ${listed(left)}`
    : added
}
