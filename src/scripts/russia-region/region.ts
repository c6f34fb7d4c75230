import { createRegionsWorkflow, updateRegionsWorkflow } from "@medusajs/medusa/core-flows"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { RUSSIA } from "./options"
import type { Outcome } from "./store-currency"

const PLATEGA_PROVIDER = /^pp_platega-/

/** The Platega payment providers this store registered (medusa-config.ts), e.g. pp_platega-sbp_platega. */
export async function registeredPlategaProviders(container: MedusaContainer): Promise<string[]> {
  const payment = container.resolve(Modules.PAYMENT)
  const providers = await payment.listPaymentProviders({ is_enabled: true }, { take: null })
  const ids = providers.map((p) => p.id).filter((id) => PLATEGA_PROVIDER.test(id))
  if (!ids.length) {
    throw new Error(
      'no Platega payment provider is registered: add "medusa-payment-platega/providers/platega" ' +
        "to the payment module's providers in medusa-config.ts (README: Install in your store), " +
        "restart or migrate, then run this again",
    )
  }
  return ids.sort()
}

type RegionRow = {
  id: string
  name: string
  currency_code: string
  countries?: { iso_2: string }[]
  payment_providers?: { id: string }[]
}

/**
 * The region holding Russia, created in rubles with the Platega providers when there is none.
 * A region that already holds Russia in rubles gets the Platega providers it lacks and keeps the
 * rest; one in another currency is left alone and stops the script, since Russia can belong to
 * one region only. No other region is read for change.
 */
export async function ensureRussiaRegion(
  container: MedusaContainer,
  name: string,
  providers: string[],
): Promise<{ id: string; name: string; outcome: Outcome }> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "region",
    fields: ["id", "name", "currency_code", "countries.iso_2", "payment_providers.id"],
  })
  const existing = (data as RegionRow[]).find((r) =>
    r.countries?.some((c) => c.iso_2 === RUSSIA.countryCode),
  )
  if (!existing) {
    const { result } = await createRegionsWorkflow(container).run({
      input: {
        regions: [
          {
            name,
            currency_code: RUSSIA.currencyCode,
            countries: [RUSSIA.countryCode],
            payment_providers: providers,
          },
        ],
      },
    })
    return { id: result[0].id, name, outcome: "created" }
  }
  if (existing.currency_code !== RUSSIA.currencyCode) {
    throw new Error(
      `Russia already belongs to the region "${existing.name}" (${existing.id}) in ` +
        `${existing.currency_code.toUpperCase()}; a country can be in one region only. Move Russia ` +
        "out of it (Settings → Regions) or switch that region to RUB, then run this again",
    )
  }
  const has = new Set((existing.payment_providers ?? []).map((p) => p.id))
  const missing = providers.filter((id) => !has.has(id))
  if (!missing.length) return { id: existing.id, name: existing.name, outcome: "unchanged" }
  await updateRegionsWorkflow(container).run({
    input: {
      selector: { id: existing.id },
      update: { payment_providers: [...has, ...missing] },
    },
  })
  return { id: existing.id, name: existing.name, outcome: "updated" }
}
