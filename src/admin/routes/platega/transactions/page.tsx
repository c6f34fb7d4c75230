import { defineRouteConfig } from "@medusajs/admin-sdk"
import { ReceiptPercent } from "@medusajs/icons"
import {
  Badge,
  Container,
  createDataTableColumnHelper,
  createDataTableFilterHelper,
  DataTable,
  Text,
} from "@medusajs/ui"
import { useMemo, useState } from "react"
import { useTranslation } from "react-i18next"
import { breadcrumbHandle } from "../../../components/breadcrumbs"
import {
  choiceFilterOptions,
  dateFilterOptions,
  ListTable,
  ListToolbar,
  picked,
  useListState,
  useListTable,
} from "../../../components/table/list-parts"
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
} from "../../../api/transactions"
import { formatters } from "../../../i18n/format"

const PAGE_SIZE = 20
const column = createDataTableColumnHelper<AdminTransaction>()
const filter = createDataTableFilterHelper<AdminTransaction>()

/** Platega → Transactions: every Platega transaction the store knows, those needing a person first. */
const PlategaTransactionsPage = () => {
  const { t, i18n } = useTranslation()
  const language = i18n.language
  const amount = useAmount()
  const list = useListState(PAGE_SIZE)
  const [selected, setSelected] = useState<string>()
  const attention = list.filtering.needs_attention as TransactionsQuery["attention"] | undefined
  const { data, isLoading, isError, error } = useTransactions({
    ...list.query,
    status: picked(list.filtering, "platega_status"),
    method: picked(list.filtering, "method"),
    outcome: picked(list.filtering, "callbacks"),
    attention,
  })
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
        cell: ({ getValue }) => formatters(language).dateTime(getValue()),
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
      filter.accessor(
        "platega_status",
        choiceFilterOptions(
          t,
          t("platega_transactions.list.status"),
          "platega_transactions.status",
          PLATEGA_STATUSES,
        ),
      ),
      filter.accessor(
        "callbacks",
        choiceFilterOptions(
          t,
          t("platega_transactions.list.outcome"),
          "platega_transactions.outcome",
          OUTCOMES,
        ),
      ),
      filter.accessor(
        "method",
        choiceFilterOptions(
          t,
          t("platega_transactions.list.method"),
          "platega_transactions.method",
          METHODS,
        ),
      ),
      filter.accessor("created_at", {
        label: t("platega_transactions.list.when"),
        ...dateFilterOptions(t, "platega_transactions", language),
      }),
    ],
    [t, language],
  )

  const table = useListTable(list, {
    columns,
    filters,
    data: data?.transactions ?? [],
    rowCount: data?.count ?? 0,
    isLoading,
    onRowClick: (_, row) => setSelected(row.id),
  })

  return (
    <div className="flex flex-col gap-y-3" data-testid="platega-transactions-page">
      <AttentionSection />
      <Container className="divide-y p-0">
        <DataTable instance={table}>
          <ListToolbar ns="platega_transactions" />
          {data?.truncated && (
            <div className="px-6 py-2">
              <Text size="small" className="text-ui-fg-subtle" data-testid="truncated">
                {t("platega_transactions.list.truncated")}
              </Text>
            </div>
          )}
          <ListTable
            ns="platega_transactions"
            testId="platega-transactions-table"
            error={isError ? error : null}
          />
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
