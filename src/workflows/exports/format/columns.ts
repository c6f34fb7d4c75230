import type { ExportRow } from "../../../lib/platega"
import type { TransactionKind } from "../../transactions/kinds"

/**
 * A row of an export file: Platega's record, then what the transaction is to the store and the
 * order its money went to (workflows/transactions/classify.ts), empty when the store has none.
 */
export interface ExportFileRow extends ExportRow {
  storeKind: TransactionKind
  orderDisplayId: number | null
  orderId: string | null
}

/**
 * The columns of every export file, in order: Platega's fields as Platega names them, then the
 * store's own.
 */
export const EXPORT_COLUMNS = [
  "recordId",
  "createdAt",
  "amount",
  "currencyCode",
  "status",
  "paymentMethod",
  "description",
  "payload",
  "storeKind",
  "orderDisplayId",
  "orderId",
] as const satisfies readonly (keyof ExportFileRow)[]

export const EXPORT_FORMATS = ["json", "csv", "xlsx"] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

export const FORMAT_FILES: Record<ExportFormat, { extension: string; mimeType: string }> = {
  json: { extension: "json", mimeType: "application/json" },
  csv: { extension: "csv", mimeType: "text/csv" },
  xlsx: {
    extension: "xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  },
}

// A spreadsheet reads a cell starting with one of these as a formula (OWASP "CSV injection").
const FORMULA_START = /^[=+\-@\t\r]/

/** A text a spreadsheet would run as a formula gets a leading apostrophe and is shown as text. */
export function neutralizeFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value
}
