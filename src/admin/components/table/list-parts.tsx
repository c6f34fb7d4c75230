import {
  DataTable,
  Heading,
  Text,
  useDataTable,
  type DataTableFilteringState,
  type DataTablePaginationState,
} from "@medusajs/ui"
import type { TFunction } from "i18next"
import { useState } from "react"
import { useTranslation } from "react-i18next"

const DAY = 86_400_000

/**
 * The pieces the plugin's DataTable lists share, worded from one namespace's `list` texts
 * (`<ns>.list.title`, `.subtitle`, `.filter`, `.sort`, `.search`, `.loadFailed`, `.range`,
 * `.from`, `.to`, `.lastDays`, `.empty`, `.emptyHint`, `.noMatch`, `.noMatchHint`).
 */

/** A page of a list, as the admin API's `limit` and `offset`. */
export function pageQuery(pagination: DataTablePaginationState) {
  return {
    limit: pagination.pageSize,
    offset: pagination.pageIndex * pagination.pageSize,
  }
}

/** The first page's state; lists keep it with `useState`. */
export function usePagination(pageSize: number) {
  return useState<DataTablePaginationState>({ pageIndex: 0, pageSize })
}

/**
 * A filtered, searchable list's state: its page, its filters (the creation date under
 * `created_at`) and its search words, with the `useDataTable` settings that drive them and the
 * query parts every list sends the same way.
 */
export function useListState(pageSize: number) {
  const [pagination, setPagination] = usePagination(pageSize)
  const [filtering, setFiltering] = useState<DataTableFilteringState>({})
  const [search, setSearch] = useState("")
  const created = filtering.created_at as { $gte?: string; $lte?: string } | undefined
  const words = search.trim()
  return {
    filtering,
    /** Page, creation period and search words, as the admin API's query. */
    query: {
      ...pageQuery(pagination),
      ...(created?.$gte && { created_at_from: new Date(created.$gte).toISOString() }),
      ...(created?.$lte && { created_at_to: new Date(created.$lte).toISOString() }),
      ...(words && { q: words }),
    },
    /** Spread into `useDataTable`. */
    table: {
      pagination: { state: pagination, onPaginationChange: setPagination },
      filtering: { state: filtering, onFilteringChange: setFiltering },
      search: { state: search, onSearchChange: setSearch },
    },
  }
}

type ListState = ReturnType<typeof useListState>
type TableOptions<Row> = Parameters<typeof useDataTable<Row>>[0]

/** The list's DataTable: rows by id, driven by the list's page, filters and search. */
export function useListTable<Row extends { id: string }>(
  list: ListState,
  options: Omit<TableOptions<Row>, "getRowId" | "pagination" | "filtering" | "search">,
) {
  return useDataTable<Row>({ getRowId: (row) => row.id, ...options, ...list.table })
}

/** A multi-choice filter's picked values, if any. */
export function picked(filtering: DataTableFilteringState, key: string) {
  const values = filtering[key] as string[] | undefined
  return values?.length ? values : undefined
}

/** A multi-choice filter's settings: each value worded by the text `<prefix>.<value>`. */
export function choiceFilterOptions(
  t: TFunction,
  label: string,
  prefix: string,
  values: readonly string[],
) {
  return {
    type: "multiselect" as const,
    label,
    options: values.map((value) => ({ label: t(`${prefix}.${value}`), value })),
  }
}

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

/** The title, the filter menu, the sorting menu when the list sorts, and the search box. */
export const ListToolbar = ({ ns, sortable = false }: { ns: string; sortable?: boolean }) => {
  const { t } = useTranslation()
  return (
    <DataTable.Toolbar className="flex flex-col items-start justify-between gap-2 px-6 py-4 md:flex-row md:items-center">
      <div>
        <Heading>{t(`${ns}.list.title`)}</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          {t(`${ns}.list.subtitle`)}
        </Text>
      </div>
      <div className="flex items-center gap-2">
        <DataTable.FilterMenu tooltip={t(`${ns}.list.filter`)} />
        {sortable && <DataTable.SortingMenu tooltip={t(`${ns}.list.sort`)} />}
        <DataTable.Search placeholder={t(`${ns}.list.search`)} />
      </div>
    </DataTable.Toolbar>
  )
}

/** The table with its empty states and its pagination, or why the list could not load. */
export const ListTable = ({
  ns,
  testId,
  error,
}: {
  ns: string
  testId: string
  error?: Error | null
}) => {
  const { t } = useTranslation()
  if (error) {
    return (
      <div className="px-6 py-4" data-testid="load-error">
        <Text size="small" className="text-ui-fg-error">
          {t(`${ns}.list.loadFailed`, { message: error.message })}
        </Text>
      </div>
    )
  }
  return (
    <div data-testid={testId}>
      <PagedTable texts={`${ns}.list`} filterable />
    </div>
  )
}

/**
 * A table and its pager, worded from `<texts>.empty`, `.emptyHint` (when there is one),
 * `.noMatch` and `.noMatchHint` (lists with filters). The pager speaks Medusa's own words
 * (`general.of`, `.results`, …), so every list of the admin, Medusa's and the plugin's, pages alike.
 */
export const PagedTable = ({
  texts,
  filterable = false,
}: {
  texts: string
  filterable?: boolean
}) => {
  const { t, i18n } = useTranslation()
  const hint = `${texts}.emptyHint`
  return (
    <>
      <DataTable.Table
        emptyState={{
          empty: {
            heading: t(`${texts}.empty`),
            ...(i18n.exists(hint) && { description: t(hint) }),
          },
          ...(filterable && {
            filtered: { heading: t(`${texts}.noMatch`), description: t(`${texts}.noMatchHint`) },
          }),
        }}
      />
      <DataTable.Pagination
        translations={{
          of: t("general.of"),
          results: t("general.results"),
          pages: t("general.pages"),
          prev: t("general.prev"),
          next: t("general.next"),
        }}
      />
    </>
  )
}
