import { defineRouteConfig } from "@medusajs/admin-sdk"
import { ArrowPath } from "@medusajs/icons"
import {
  Container,
  createDataTableColumnHelper,
  createDataTableFilterHelper,
  DataTable,
  Text,
  type DataTableSortingState,
} from "@medusajs/ui"
import { useMemo, useState } from "react"
import { useTranslation } from "react-i18next"
import { useNavigate } from "react-router-dom"
import {
  choiceFilterOptions,
  dateFilterOptions,
  ListTable,
  ListToolbar,
  picked,
  useListState,
  useListTable,
} from "../../../components/table/list-parts"
import { formatters } from "../../../i18n/format"
import {
  SubscriptionStatusBadge,
  useScheduleText,
} from "../../../components/subscriptions/status-badge"
import {
  KNOWN_STATUSES,
  useSubscriptions,
  type AdminSubscription,
  type ListQuery,
} from "../../../api/subscriptions"
import { breadcrumbHandle } from "../../../components/breadcrumbs"

const PAGE_SIZE = 20
const column = createDataTableColumnHelper<AdminSubscription>()
const filter = createDataTableFilterHelper<AdminSubscription>()

/** The sorting menu's choice, as the admin API's `order` (next charge first by default). */
function toOrder(sorting: DataTableSortingState | null): ListQuery["order"] {
  const field = sorting?.id === "created_at" ? "created_at" : "next_charge_at"
  return sorting?.desc ? `-${field}` : field
}

/** Platega → Subscriptions: every subscription sold here, the next to be charged first. */
const PlategaSubscriptionsPage = () => {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const schedule = useScheduleText()
  const language = i18n.language
  const list = useListState(PAGE_SIZE)
  const [sorting, setSorting] = useState<DataTableSortingState | null>(null)
  const { data, isLoading, isError, error } = useSubscriptions({
    ...list.query,
    status: picked(list.filtering, "status"),
    order: toOrder(sorting),
  })

  const columns = useMemo(
    () => [
      column.accessor("customer", {
        header: t("platega_subscriptions.list.customer"),
        cell: ({ row }) => {
          const s = row.original
          const name = [s.customer?.first_name, s.customer?.last_name].filter(Boolean).join(" ")
          return (
            <div className="flex flex-col">
              <Text size="small">{name || s.customer?.email || s.customer_email || "—"}</Text>
              {name && (
                <Text size="xsmall" className="text-ui-fg-subtle">
                  {s.customer?.email ?? s.customer_email}
                </Text>
              )}
            </div>
          )
        },
      }),
      column.accessor("product_title", {
        header: t("platega_subscriptions.list.product"),
        cell: ({ row }) => (
          <div className="flex flex-col">
            <Text size="small">{row.original.product_title ?? "—"}</Text>
            <Text size="xsmall" className="text-ui-fg-subtle">
              {formatters(language).money(row.original.amount, row.original.currency_code)} ·{" "}
              {schedule(row.original.interval, row.original.interval_count)}
            </Text>
          </div>
        ),
      }),
      column.accessor("status", {
        header: t("platega_subscriptions.list.status"),
        cell: ({ getValue }) => <SubscriptionStatusBadge status={getValue()} />,
      }),
      column.accessor("next_charge_at", {
        header: t("platega_subscriptions.list.nextCharge"),
        enableSorting: true,
        sortLabel: t("platega_subscriptions.list.nextCharge"),
        sortAscLabel: t("platega_subscriptions.list.soonest"),
        sortDescLabel: t("platega_subscriptions.list.latest"),
        cell: ({ getValue }) => (getValue() ? formatters(language).dateTime(getValue()!) : "—"),
      }),
      column.accessor("charges_count", {
        header: t("platega_subscriptions.list.charges"),
        cell: ({ getValue }) => formatters(language).number(getValue()),
      }),
      column.accessor("created_at", {
        header: t("platega_subscriptions.list.created"),
        enableSorting: true,
        sortLabel: t("platega_subscriptions.list.created"),
        sortAscLabel: t("platega_subscriptions.list.oldest"),
        sortDescLabel: t("platega_subscriptions.list.newest"),
        cell: ({ getValue }) => formatters(language).dateTime(getValue()),
      }),
    ],
    [t, language, schedule],
  )

  const filters = useMemo(
    () => [
      filter.accessor(
        "status",
        choiceFilterOptions(
          t,
          t("platega_subscriptions.list.status"),
          "platega_subscriptions.status",
          KNOWN_STATUSES,
        ),
      ),
      filter.accessor("created_at", {
        label: t("platega_subscriptions.list.created"),
        ...dateFilterOptions(t, "platega_subscriptions", language),
      }),
    ],
    [t, language],
  )

  const table = useListTable(list, {
    columns,
    filters,
    data: data?.subscriptions ?? [],
    rowCount: data?.count ?? 0,
    isLoading,
    onRowClick: (_, row) => navigate(`/platega/subscriptions/${row.id}`),
    sorting: { state: sorting, onSortingChange: setSorting },
  })

  return (
    <Container className="divide-y p-0" data-testid="platega-subscriptions-page">
      <DataTable instance={table}>
        <ListToolbar ns="platega_subscriptions" sortable />
        <ListTable
          ns="platega_subscriptions"
          testId="platega-subscriptions-table"
          error={isError ? error : null}
        />
      </DataTable>
    </Container>
  )
}

export const config = defineRouteConfig({
  label: "platega_subscriptions.nav",
  translationNs: "translation",
  icon: ArrowPath,
})

// The trail in the top bar (Medusa's admin route handle).
export const handle = breadcrumbHandle("platega_subscriptions.nav")

export default PlategaSubscriptionsPage
