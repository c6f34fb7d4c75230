import { CURRENCIES, NO_METHOD, methodName, txStatusName } from "./codes"
import type { SandboxContext } from "./context"
import { fromMinor } from "./money"
import { zonedFormatter } from "./timefmt"
import type { ExportFilter } from "./validation"

// Transaction export: filter, order (newest first) and the record shape shared by JSON, CSV and
// Excel. Matching works on the typed columns, so a million rows are scanned in milliseconds.

export interface ExportRecord {
  recordId: string
  createdAt: string
  amount: number
  currencyCode: string
  status: string
  paymentMethod: string
  description: string
  payload: string
}

export const EXPORT_COLUMNS: readonly (keyof ExportRecord)[] = [
  "recordId",
  "createdAt",
  "amount",
  "currencyCode",
  "status",
  "paymentMethod",
  "description",
  "payload",
]

/** Indices of matching transactions, newest first. */
export function matchTransactions(ctx: SandboxContext, filter: ExportFilter): Uint32Array {
  const { txs } = ctx
  const { statuses, methods } = filter
  const from = filter.from ?? -Infinity
  const to = filter.to ?? Infinity
  const out = new Uint32Array(txs.size)
  let n = 0
  let ascending = true
  let previous = -Infinity
  for (let i = 0; i < txs.size; i++) {
    const created = txs.createdAt[i]
    if (created < from || created > to) continue
    if (statuses && !statuses.has(txs.status[i])) continue
    if (methods && !methods.has(txs.method[i])) continue
    if (created < previous) ascending = false
    previous = created
    out[n++] = i
  }
  const matches = out.slice(0, n)
  // History is nearly always stored in creation order: then reversing is enough.
  if (ascending) return matches.reverse()
  const created = txs.createdAt
  return Uint32Array.from(Array.from(matches).sort((a, b) => created[b] - created[a] || b - a))
}

export function recordFormatter(
  ctx: SandboxContext,
  timeZone: string,
): (i: number) => ExportRecord {
  const format = zonedFormatter(timeZone)
  const { txs } = ctx
  return (i) => {
    const method = txs.method[i]
    return {
      recordId: txs.ids[i],
      createdAt: format(txs.createdAt[i]),
      amount: fromMinor(txs.amountMinor[i]),
      currencyCode: CURRENCIES[txs.currency[i]],
      status: txStatusName(txs.status[i]),
      paymentMethod: method === NO_METHOD ? "" : (methodName(method) ?? String(method)),
      description: txs.description(i),
      payload: txs.payload(i) ?? "",
    }
  }
}
