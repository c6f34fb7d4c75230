// The record of every export format (JSON objects, CSV and Excel columns), in column order.

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
