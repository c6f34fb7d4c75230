import {
  Container,
  createDataTableColumnHelper,
  DataTable,
  Heading,
  StatusBadge,
  Text,
  Tooltip,
  useDataTable,
} from "@medusajs/ui"
import { useMemo } from "react"
import { useTranslation } from "react-i18next"
import { usePayouts, type Payout, type PayoutStatus } from "../../api/money"
import { PagedTable, pageQuery, usePagination } from "../table/list-parts"
import { LoadError } from "./load-error"
import { NoKeyAlert } from "./no-key-alert"
import { PayoutDrawer } from "./payout-drawer"
import { RecheckButton } from "./recheck-button"
import { formatters } from "../../i18n/format"

const PAYOUT_STATUS_COLOR: Record<PayoutStatus, "green" | "red" | "orange" | "grey"> = {
  created: "green",
  failed: "red",
  unknown: "orange",
  pending: "grey",
}
const PAGE_SIZE = 20
const column = createDataTableColumnHelper<Payout>()

/** The payout history, newest first, with the payout form and re-checks of unknown payouts. */
export const PayoutsSection = () => {
  const { t, i18n } = useTranslation()
  const [pagination, setPagination] = usePagination(PAGE_SIZE)
  const { data, isPending, error, refetch } = usePayouts(pageQuery(pagination))

  const columns = useMemo(
    () => [
      column.accessor("created_at", {
        header: t("platega_money.payouts.date"),
        cell: ({ getValue }) => formatters(i18n.language).dateTime(getValue()),
      }),
      column.accessor("amount", {
        header: t("platega_money.payouts.amount"),
        cell: ({ getValue }) => formatters(i18n.language).money(getValue(), "rub"),
      }),
      column.accessor("card_masked", {
        header: t("platega_money.payouts.card"),
        cell: ({ getValue }) => <span className="font-mono">{getValue()}</span>,
      }),
      column.accessor("status", {
        header: t("platega_money.payouts.status"),
        cell: ({ row }) => <PayoutStatusBadge payout={row.original} />,
      }),
      column.display({
        id: "details",
        header: t("platega_money.payouts.details"),
        cell: ({ row }) => <PayoutDetails payout={row.original} />,
      }),
      column.accessor("requested_by", {
        header: t("platega_money.payouts.requestedBy"),
        cell: ({ getValue }) => getValue().email ?? getValue().id ?? "—",
      }),
      column.display({
        id: "actions",
        cell: ({ row }) =>
          row.original.status === "unknown" || row.original.status === "pending" ? (
            <RecheckButton payout={row.original} />
          ) : null,
      }),
    ],
    [t, i18n.language],
  )

  const table = useDataTable({
    columns,
    data: data?.payouts ?? [],
    getRowId: (p) => p.id,
    rowCount: data?.count ?? 0,
    isLoading: isPending,
    pagination: { state: pagination, onPaginationChange: setPagination },
  })
  const keyConfigured = data?.payout_key_configured ?? true

  return (
    <Container className="divide-y p-0" data-testid="platega-payouts">
      <DataTable instance={table}>
        <DataTable.Toolbar className="flex items-center justify-between px-6 py-4">
          <Heading level="h2">{t("platega_money.payouts.title")}</Heading>
          <PayoutDrawer
            limits={data?.amount_limits ?? { min: 1000, max: 87500 }}
            disabled={!data || !keyConfigured}
          />
        </DataTable.Toolbar>
        {!keyConfigured && <NoKeyAlert />}
        {error ? (
          <LoadError error={error} onRetry={() => refetch()} />
        ) : (
          // The dashboard's own words for the pager, in the admin's language.
          <PagedTable texts="platega_money.payouts" />
        )}
      </DataTable>
    </Container>
  )
}

const PayoutStatusBadge = ({ payout }: { payout: Payout }) => {
  const { t } = useTranslation()
  const badge = (
    <StatusBadge color={PAYOUT_STATUS_COLOR[payout.status]} data-testid="payout-status">
      {t(`platega_money.payouts.statuses.${payout.status}`)}
    </StatusBadge>
  )
  return payout.status === "unknown" ? (
    <Tooltip content={t("platega_money.payouts.unknownHint")}>{badge}</Tooltip>
  ) : (
    badge
  )
}

/** Platega's side: the withdrawal record, or its error with code and trace id. */
const PayoutDetails = ({ payout }: { payout: Payout }) => {
  if (payout.error) {
    const meta = [payout.error.code, payout.error.trace_id && `trace ${payout.error.trace_id}`]
    return (
      <Tooltip content={payout.error.message} maxWidth={400}>
        <Text size="small" className="text-ui-fg-error max-w-[240px] truncate">
          {meta.filter(Boolean).join(" · ") || payout.error.message}
        </Text>
      </Tooltip>
    )
  }
  return (
    <Text size="small" className="font-mono text-ui-fg-subtle max-w-[240px] truncate">
      {payout.withdrawal_record_id ?? "—"}
    </Text>
  )
}
