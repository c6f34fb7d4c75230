import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"

interface PendingSessionsQuery {
  /** Payment providers whose id starts with this (e.g. "pp_platega-"). */
  providerPrefix: string
  /** Sessions younger than this are left alone: their callback may still come. */
  minAgeMinutes: number
  /** Sessions older than this are no longer looked at. */
  maxAgeHours: number
  batchSize: number
}

/** Pending payment sessions of the given providers created inside the age window, oldest first. */
export async function pendingSessions(container: MedusaContainer, q: PendingSessionsQuery) {
  const payments = container.resolve(Modules.PAYMENT)
  const providers = (await payments.listPaymentProviders({}))
    .map((p) => p.id)
    .filter((id) => id.startsWith(q.providerPrefix))
  if (!providers.length) return []
  const now = Date.now()
  return payments.listPaymentSessions(
    {
      provider_id: providers,
      // Not in the typed filter, but a column the module filters on.
      ...({ status: ["pending"] } as object),
      created_at: {
        $lte: new Date(now - q.minAgeMinutes * 60_000).toISOString(),
        $gte: new Date(now - q.maxAgeHours * 3_600_000).toISOString(),
      },
    },
    {
      take: q.batchSize,
      order: { created_at: "ASC" },
      select: ["id", "data", "amount", "currency_code"],
    },
  )
}
