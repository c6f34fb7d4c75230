import { fromMinor } from "../shared/money"
import { iso } from "../shared/timefmt"
import type { ConversionRecord } from "./state"

/** What the sandbox knows of a conversion: the page item and the control API alike. */
export interface SandboxConversion {
  id: number
  amount: number
  currency: string
  status: "COMPLETED"
  createdAt: string
  convertedAmount: number
  convertedCurrency: string
  rate: number
}

/**
 * An item of GET /transaction/balance-unlock-operations: the documented `{ id, amount, currency,
 * status, createdAt }` (what was converted), then what it became.
 */
export function conversionView(r: ConversionRecord): SandboxConversion {
  return {
    id: r.id,
    amount: fromMinor(r.amountMinor),
    currency: r.currency,
    status: "COMPLETED",
    createdAt: iso(r.createdAt),
    convertedAmount: fromMinor(r.toAmountMinor),
    convertedCurrency: r.toCurrency,
    rate: r.rate,
  }
}
