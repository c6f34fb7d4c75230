import type { AdminTransaction } from "./types"
import type { AdminListPlategaTransactionsType } from "./validators"

type Filters = Omit<AdminListPlategaTransactionsType, "limit" | "offset" | "q"> & {
  /** Orders the search matched by number (lower-case ids never collide with numbers). */
  q?: string
}

/** Whether a transaction passes the admin's filters and search. */
export function matches(t: AdminTransaction, f: Filters): boolean {
  if (f.status?.length && !f.status.includes((t.platega_status ?? "").toUpperCase())) return false
  if (f.method?.length && !f.method.includes(t.method ?? "")) return false
  if (f.outcome?.length && !t.callbacks.some((c) => f.outcome!.includes(c.outcome as never)))
    return false
  if (f.attention === "open" && !t.needs_attention) return false
  if (f.attention === "resolved" && !t.cases.some((c) => c.resolution)) return false
  if (f.attention === "any" && !t.cases.length) return false
  if (f.created_at_from && t.created_at < new Date(f.created_at_from).toISOString()) return false
  if (f.created_at_to && t.created_at > new Date(f.created_at_to).toISOString()) return false
  if (f.q) {
    const q = f.q.toLowerCase().replace(/^#/, "")
    const hit =
      t.id.includes(q) ||
      (t.email ?? "").toLowerCase().includes(q) ||
      (t.order && String(t.order.display_id) === q) ||
      t.cart_id?.toLowerCase() === q ||
      t.order?.id.toLowerCase() === q
    if (!hit) return false
  }
  return true
}

/** Needs attention first, then the newest. */
export function byAttentionThenNewest(a: AdminTransaction, b: AdminTransaction): number {
  if (a.needs_attention !== b.needs_attention) return a.needs_attention ? -1 : 1
  return a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0
}
