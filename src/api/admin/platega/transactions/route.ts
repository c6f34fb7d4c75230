import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { byAttentionThenNewest, matches } from "./filter"
import { knownTransactions, toAdminTransactions } from "./listing"
import type { AdminListPlategaTransactionsType } from "./validators"

/** How many records each source reads at most for one listing (newest first). */
export const SCAN_LIMIT = 1000

/**
 * GET /admin/platega/transactions: every Platega transaction the store knows (checkout payments,
 * subscription charges, and whatever only the callback log knows), those that need attention
 * first. `truncated` says a source had more than SCAN_LIMIT records in the period: narrow the dates.
 */
export async function GET(
  req: AuthenticatedMedusaRequest<unknown, AdminListPlategaTransactionsType>,
  res: MedusaResponse,
): Promise<void> {
  const { limit, offset, ...filters } = req.validatedQuery
  const { entries, history, truncated } = await knownTransactions(req.scope, {
    from: filters.created_at_from ? new Date(filters.created_at_from) : undefined,
    to: filters.created_at_to ? new Date(filters.created_at_to) : undefined,
    take: SCAN_LIMIT,
  })
  const all = await toAdminTransactions(req.scope, entries, history)
  const found = all.filter((t) => matches(t, filters)).sort(byAttentionThenNewest)
  res.json({
    transactions: found.slice(offset, offset + limit),
    count: found.length,
    needs_attention: all.filter((t) => t.needs_attention).length,
    truncated,
    limit,
    offset,
  })
}
