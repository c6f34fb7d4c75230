import { DataTable } from "@medusajs/ui"
import type { TFunction } from "i18next"
import { useTranslation } from "react-i18next"

const DAY = 86_400_000

/**
 * The pieces the plugin's DataTable lists share, worded from one namespace's `list` texts
 * (`<ns>.list.range`, `.from`, `.to`, `.lastDays`, `.empty`, `.emptyHint`, `.noMatch`,
 * `.noMatchHint`, `.pagination.*`).
 */

/** A date filter's settings: a custom range, or the last 7, 30 or 90 days. */
export function dateFilterOptions(t: TFunction, ns: string, language: string) {
  return {
    type: "date" as const,
    format: "date" as const,
    rangeOptionLabel: t(`${ns}.list.range`),
    rangeOptionStartLabel: t(`${ns}.list.from`),
    rangeOptionEndLabel: t(`${ns}.list.to`),
    formatDateValue: (d: Date) => d.toLocaleDateString(language),
    options: [7, 30, 90].map((days) => ({
      label: t(`${ns}.list.lastDays`, { count: days }),
      value: { $gte: new Date(Date.now() - days * DAY).toISOString() },
    })),
  }
}

/** The table with its empty states, and its pagination. */
export const ListTable = ({ ns }: { ns: string }) => {
  const { t } = useTranslation()
  return (
    <>
      <DataTable.Table
        emptyState={{
          empty: { heading: t(`${ns}.list.empty`), description: t(`${ns}.list.emptyHint`) },
          filtered: { heading: t(`${ns}.list.noMatch`), description: t(`${ns}.list.noMatchHint`) },
        }}
      />
      <DataTable.Pagination
        translations={{
          of: t(`${ns}.list.pagination.of`),
          results: t(`${ns}.list.pagination.results`),
          pages: t(`${ns}.list.pagination.pages`),
          prev: t(`${ns}.list.pagination.prev`),
          next: t(`${ns}.list.pagination.next`),
        }}
      />
    </>
  )
}
