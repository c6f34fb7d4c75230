import { defineRouteConfig } from "@medusajs/admin-sdk"
import { ReceiptPercent } from "@medusajs/icons"
import {
  Badge,
  Container,
  createDataTableColumnHelper,
  createDataTableFilterHelper,
  DataTable,
  Heading,
  Text,
  useDataTable,
  type DataTableFilteringState,
  type DataTablePaginationState,
} from "@medusajs/ui"
import { useMemo, useState } from "react"
import { useTranslation } from "react-i18next"
import { breadcrumbHandle } from "../../../components/breadcrumbs"
import { dateFilterOptions, ListTable } from "../../../components/table/list-parts"
import { formatDate } from "../../../components/money/format"
import { AttentionSection } from "../../../components/transactions/attention-section"
import { OutcomeBadge, PlategaStatusBadge } from "../../../components/transactions/badges"
import { useAmount } from "../../../components/transactions/case-card"
import { TransactionDrawer } from "../../../components/transactions/transaction-drawer"
import {
  METHODS,
  OUTCOMES,
  PLATEGA_STATUSES,
  useTransactions,
  type AdminTransaction,
  type TransactionsQuery,
} from "../../../lib/transactions"

const PAGE_SIZE = 20
const column = createDataTableColumnHelper<AdminTransaction>()
const filter = createDataTableFilterHelper<AdminTransaction>()

type DateRange = { $gte?: string; $lte?: string }

/** The DataTable's state, as the admin API's query. */
function toQuery(
  pagination: DataTablePaginationState,
  filtering: DataTableFilteringState,
  search: string,
): TransactionsQuery {
  const list = (key: string) => filtering[key] as string[] | undefined
  const created = filtering.created_at as DateRange | undefined
  const attention = filtering.needs_attention as TransactionsQuery["attention"] | undefined
  return {
    limit: pagination.pageSize,
    offset: pagination.pageIndex * pagination.pageSize,
    ...(list("platega_status")?.length && { status: list("platega_status") }),
    ...(list("method")?.length && { method: list("method") }),
    ...(list("callbacks")?.length && { outcome: list("callbacks") }),
    ...(attention && { attention }),
    ...(created?.$gte && { created_at_from: new Date(created.$gte).toISOString() }),
    ...(created?.$lte && { created_at_to: new Date(created.$lte).toISOString() }),
    ...(search.trim() && { q: search.trim() }),
  }
}

/** Platega → Transactions: every Platega transaction the store knows, those needing a person first. */
const PlategaTransactionsPage = () => {
  const { t, i18n } = useTranslation()
  const language = i18n.language
  const amount = useAmount()
  const [pagination, setPagination] = useState<DataTablePaginationState>({
    pageIndex: 0,
    pageSize: PAGE_SIZE,
  })
  const [filtering, setFiltering] = useState<DataTableFilteringState>({})
  const [search, setSearch] = useState("")
  const [selected, setSelected] = useState<string>()
  const { data, isLoading, isError, error } = useTransactions(
    toQuery(pagination, filtering, search),
  )
  // The drawer follows the row as the list refreshes (after a refund, a re-check).
  const open = data?.transactions.find((tx) => tx.id === selected)

  const columns = useMemo(
    () => [
      column.accessor("id", {
        header: t("platega_transactions.list.transaction"),
        cell: ({ row }) => (
          <div className="flex items-center gap-2">
            <Text size="small" className="font-mono" title={row.original.id}>
              {row.original.id.slice(0, 8)}…
            </Text>
            {row.original.needs_attention && (
              <Badge size="2xsmall" color="red" data-testid="needs-attention">
                {t("platega_transactions.attention.badge")}
              </Badge>
            )}
          </div>
        ),
      }),
      column.accessor("platega_status", {
        header: t("platega_transactions.list.status"),
        cell: ({ getValue }) => <PlategaStatusBadge status={getValue()} />,
      }),
      column.accessor("amount", {
        header: t("platega_transactions.list.amount"),
        cell: ({ row }) => amount(row.original),
      }),
      column.accessor("method", {
        header: t("platega_transactions.list.method"),
        cell: ({ getValue }) =>
          getValue()
            ? t(`platega_transactions.method.${getValue()}`, { defaultValue: getValue() })
            : "—",
      }),
      column.accessor("created_at", {
        header: t("platega_transactions.list.when"),
        cell: ({ getValue }) => formatDate(getValue(), language),
      }),
      column.accessor("order", {
        header: t("platega_transactions.list.orderOrCart"),
        cell: ({ row }) => {
          const tx = row.original
          return (
            <div className="flex flex-col">
              <Text size="small">
                {tx.order
                  ? t("platega_transactions.order", { number: tx.order.display_id })
                  : tx.cart_id
                    ? t("platega_transactions.cartShort")
                    : "—"}
              </Text>
              {tx.email && (
                <Text size="xsmall" className="text-ui-fg-subtle">
                  {tx.email}
                </Text>
              )}
            </div>
          )
        },
      }),
      column.accessor("callbacks", {
        header: t("platega_transactions.list.callbacks"),
        cell: ({ getValue }) => {
          const last = getValue().at(-1)
          return last ? (
            <div className="flex items-center gap-1">
              <OutcomeBadge outcome={last.outcome} />
              {getValue().length > 1 && (
                <Text size="xsmall" className="text-ui-fg-muted">
                  +{getValue().length - 1}
                </Text>
              )}
            </div>
          ) : (
            "—"
          )
        },
      }),
    ],
    [t, language, amount],
  )

  const filters = useMemo(
    () => [
      filter.accessor("needs_attention", {
        type: "radio",
        label: t("platega_transactions.attention.filter"),
        options: (["open", "resolved", "any"] as const).map((v) => ({
          label: t(`platega_transactions.attention.${v}`),
          value: v,
        })),
      }),
      filter.accessor("platega_status", {
        type: "multiselect",
        label: t("platega_transactions.list.status"),
        options: PLATEGA_STATUSES.map((s) => ({
          label: t(`platega_transactions.status.${s}`),
          value: s,
        })),
      }),
      filter.accessor("callbacks", {
        type: "multiselect",
        label: t("platega_transactions.list.outcome"),
        options: OUTCOMES.map((o) => ({ label: t(`platega_transactions.outcome.${o}`), value: o })),
      }),
      filter.accessor("method", {
        type: "multiselect",
        label: t("platega_transactions.list.method"),
        options: METHODS.map((m) => ({ label: t(`platega_transactions.method.${m}`), value: m })),
      }),
      filter.accessor("created_at", {
        label: t("platega_transactions.list.when"),
        ...dateFilterOptions(t, "platega_transactions", language),
      }),
    ],
    [t, language],
  )

  const table = useDataTable({
    columns,
    filters,
    data: data?.transactions ?? [],
    getRowId: (row) => row.id,
    rowCount: data?.count ?? 0,
    isLoading,
    onRowClick: (_, row) => setSelected(row.id),
    pagination: { state: pagination, onPaginationChange: setPagination },
    filtering: { state: filtering, onFilteringChange: setFiltering },
    search: { state: search, onSearchChange: setSearch },
  })

  return (
    <div className="flex flex-col gap-y-3" data-testid="platega-transactions-page">
      <AttentionSection />
      <Container className="divide-y p-0">
        <DataTable instance={table}>
          <DataTable.Toolbar className="flex flex-col items-start justify-between gap-2 px-6 py-4 md:flex-row md:items-center">
            <div>
              <Heading>{t("platega_transactions.list.title")}</Heading>
              <Text size="small" className="text-ui-fg-subtle">
                {t("platega_transactions.list.subtitle")}
              </Text>
            </div>
            <div className="flex items-center gap-2">
              <DataTable.FilterMenu tooltip={t("platega_transactions.list.filter")} />
              <DataTable.Search placeholder={t("platega_transactions.list.search")} />
            </div>
          </DataTable.Toolbar>
          {data?.truncated && (
            <div className="px-6 py-2">
              <Text size="small" className="text-ui-fg-subtle" data-testid="truncated">
                {t("platega_transactions.list.truncated")}
              </Text>
            </div>
          )}
          {isError ? (
            <div className="px-6 py-4" data-testid="load-error">
              <Text size="small" className="text-ui-fg-error">
                {t("platega_transactions.list.loadFailed", { message: error.message })}
              </Text>
            </div>
          ) : (
            <div data-testid="platega-transactions-table">
              <ListTable ns="platega_transactions" />
            </div>
          )}
        </DataTable>
      </Container>
      <TransactionDrawer tx={open} onClose={() => setSelected(undefined)} />
    </div>
  )
}

export const config = defineRouteConfig({
  label: "platega_transactions.nav",
  translationNs: "translation",
  icon: ReceiptPercent,
})

// The trail in the top bar (Medusa's admin route handle).
export const handle = breadcrumbHandle("platega_transactions.nav")

export default PlategaTransactionsPage
