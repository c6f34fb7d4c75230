import { createProductsWorkflow } from "@medusajs/core-flows"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { parseRussiaRegionArgs, setUpRussia } from "../../src/scripts/russia-region"
import { useSandbox } from "../helpers/sandbox"

jest.setTimeout(180_000)

// The Russia region script in a store whose catalogue is priced in euros and dollars (as Medusa's
// starters seed it): real Medusa on PostgreSQL, the script's own code, the prices read back
// through Query. It lists what a Russian shopper cannot buy, and prices it in rubles only when
// told the rate.

useSandbox()

type Price = { amount: number; currency_code: string }

async function pricesBySku(container: MedusaContainer): Promise<Record<string, Price[]>> {
  const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "product_variant",
    fields: ["sku", "prices.amount", "prices.currency_code"],
  })
  return Object.fromEntries(
    data.map((v) => [
      v.sku as string,
      (v.prices as Price[])
        .map((p) => ({ amount: Number(p.amount), currency_code: p.currency_code }))
        .sort((a, b) => a.currency_code.localeCompare(b.currency_code)),
    ]),
  )
}

medusaIntegrationTestRunner({
  testSuite: ({ getContainer }) => {
    beforeAll(async () => {
      const variant = (sku: string, prices: Price[]) => ({
        title: sku,
        sku,
        options: { Size: sku },
        prices,
      })
      await createProductsWorkflow(getContainer()).run({
        input: {
          products: [
            {
              title: "Linen shirt",
              options: [{ title: "Size", values: ["SHIRT-M", "SHIRT-L", "SHIRT-RU"] }],
              variants: [
                variant("SHIRT-M", [
                  { amount: 12.5, currency_code: "eur" },
                  { amount: 14, currency_code: "usd" },
                ]),
                variant("SHIRT-L", [{ amount: 19.99, currency_code: "eur" }]),
                variant("SHIRT-RU", [
                  { amount: 15, currency_code: "eur" },
                  { amount: 1490, currency_code: "rub" },
                ]),
              ],
            },
            {
              title: "Canvas bag",
              options: [{ title: "Size", values: ["BAG"] }],
              variants: [variant("BAG", [{ amount: 30, currency_code: "usd" }])],
            },
          ],
        },
      })
    })

    it("without the options, lists the variants a Russian shopper cannot buy and changes no price", async () => {
      const container = getContainer()
      const before = await pricesBySku(container)
      const lines = await setUpRussia(container, parseRussiaRegionArgs([]))
      const report = lines.find((l) => l.startsWith("RUB prices: "))
      expect(report).toContain("3 of 4 variants have no RUB price")
      expect(report).toContain("Linen shirt / SHIRT-M (SHIRT-M)")
      expect(report).toContain("Canvas bag / BAG (BAG)")
      expect(report).not.toContain("SHIRT-RU")
      expect(report).toContain("rub-prices-from=<currency> rub-rate=<rubles per unit>")
      expect(await pricesBySku(container)).toEqual(before)
    })

    it("with a rate and a rounding, prices the rest in rubles from euros, once", async () => {
      const container = getContainer()
      const args = ["rub-prices-from=EUR", "rub-rate=97.35", "rub-rounding=10"]
      const first = await setUpRussia(container, parseRussiaRegionArgs(args))
      expect(first.at(-1)).toBe(
        "RUB prices: added a RUB price to 2 variants (EUR × 97.35, rounded to 10 ₽); " +
          "1 have no EUR price to convert, price them in the admin: Canvas bag / BAG (BAG)",
      )
      const after = await pricesBySku(container)
      // 12.5 × 97.35 = 1216.875 → 1220; 19.99 × 97.35 = 1946.0265 → 1950; a RUB price kept.
      expect(after).toEqual({
        "SHIRT-M": [
          { amount: 12.5, currency_code: "eur" },
          { amount: 1220, currency_code: "rub" },
          { amount: 14, currency_code: "usd" },
        ],
        "SHIRT-L": [
          { amount: 19.99, currency_code: "eur" },
          { amount: 1950, currency_code: "rub" },
        ],
        "SHIRT-RU": [
          { amount: 15, currency_code: "eur" },
          { amount: 1490, currency_code: "rub" },
        ],
        BAG: [{ amount: 30, currency_code: "usd" }],
      })

      const second = await setUpRussia(container, parseRussiaRegionArgs(args))
      expect(second.at(-1)).toMatch(/^RUB prices: added a RUB price to 0 variants/)
      expect(await pricesBySku(container)).toEqual(after)
    })
  },
})
