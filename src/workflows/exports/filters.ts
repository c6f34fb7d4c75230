import {
  EXPORT_STATUS_CODES,
  PAYMENT_METHODS,
  exportStatusCode,
  paymentMethodCode,
  type ExportStatusName,
  type ExportTransactionsInput,
  type PaymentMethodName,
} from "../../lib/platega"
import type { ExportLanguage } from "./format/locale"

/**
 * What an admin asks an export for, in names (the words the rows show), and the one mapping of
 * those names to the codes Platega's export filter takes (codes.ts holds the tables).
 */

export const EXPORT_STATUS_NAMES = Object.keys(EXPORT_STATUS_CODES) as ExportStatusName[]
export const EXPORT_METHOD_NAMES = Object.values(PAYMENT_METHODS).map((m) => m.name)

export interface ExportFilters {
  /** ISO 8601 instants. */
  from: string
  to: string
  /** Empty: every status. */
  statuses: ExportStatusName[]
  /** Empty: every method. */
  payment_methods: PaymentMethodName[]
  /** IANA time zone the rows' times are written in. */
  time_zone: string
  /** The asking admin's language (older records have none: English). */
  language?: ExportLanguage
}

export function toPlategaFilter(filters: ExportFilters): ExportTransactionsInput {
  return {
    from: filters.from,
    to: filters.to,
    // An empty list is left out: the client then asks for every known value.
    statuses: filters.statuses.length
      ? filters.statuses.map((s) => String(exportStatusCode(s)))
      : undefined,
    paymentMethods: filters.payment_methods.length
      ? filters.payment_methods.map((m) => String(paymentMethodCode(m)))
      : undefined,
    timeZoneId: filters.time_zone,
  }
}

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value })
    return true
  } catch {
    return false
  }
}
