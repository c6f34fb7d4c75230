import { createTaxRegionsWorkflow } from "@medusajs/medusa/core-flows"
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { RUSSIA } from "./options"
import type { Outcome } from "./store-currency"

/** The tax region of Russia, with Medusa's system tax provider; an existing one is kept as it is. */
export async function ensureRussiaTaxRegion(container: MedusaContainer): Promise<Outcome> {
  const tax = container.resolve(Modules.TAX)
  const existing = await tax.listTaxRegions({ country_code: RUSSIA.countryCode })
  if (existing.length) return "unchanged"
  const providers = await tax.listTaxProviders({ is_enabled: true })
  const provider =
    providers.find((p) => p.id === "tp_system")?.id ??
    (providers.length ? providers[0].id : undefined)
  await createTaxRegionsWorkflow(container).run({
    input: [{ country_code: RUSSIA.countryCode, ...(provider && { provider_id: provider }) }],
  })
  return "created"
}
