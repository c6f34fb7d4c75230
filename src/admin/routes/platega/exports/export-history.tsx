import {
  Button,
  Container,
  createDataTableColumnHelper,
  DataTable,
  Heading,
  StatusBadge,
  Text,
  toast,
  useDataTable,
} from "@medusajs/ui"
import { useMemo } from "react"
import { useTranslation } from "react-i18next"
import { PagedTable, pageQuery, usePagination } from "../../../components/table/list-parts"
import { useFormat } from "../../../i18n/format"
import {
  storeUrl,
  useCreatePlategaExport,
  usePlategaExports,
  type ExportState,
  type PlategaExport,
} from "../../../api/exports"

const PAGE_SIZE = 10
const COLORS: Record<ExportState, "grey" | "blue" | "green" | "red"> = {
  queued: "grey",
  running: "blue",
  done: "green",
  failed: "red",
}

const column = createDataTableColumnHelper<PlategaExport>()

/** Every export, newest first: who, when, what, how far, and the files. */
export const ExportHistory = () => {
  const { t } = useTranslation()
  const [pagination, setPagination] = usePagination(PAGE_SIZE)
  const { data, isLoading, isError, error } = usePlategaExports(pageQuery(pagination))
  const format = useFormat()
  const { number, dateTime, date } = format
  const retry = useCreatePlategaExport()
  // Once more with the same period, filters and format ("Try again" on a failed export).
  const tryAgain = (e: PlategaExport) =>
    retry.mutate(
      {
        from: e.filters.from,
        to: e.filters.to,
        statuses: e.filters.statuses,
        payment_methods: e.filters.payment_methods,
        time_zone: e.filters.time_zone,
        format: e.format,
      },
      {
        onSuccess: () => toast.success(t("platega_exports.form.started")),
        onError: (err) =>
          toast.error(t("platega_exports.form.failed"), { description: err.message }),
      },
    )

  const columns = useMemo(
    () => [
      column.accessor("created_at", {
        header: t("platega_exports.history.created"),
        cell: ({ getValue }) => dateTime(getValue()),
      }),
      column.accessor("created_by", {
        header: t("platega_exports.history.by"),
        cell: ({ getValue }) => getValue()?.email ?? "—",
      }),
      column.accessor("filters", {
        id: "period",
        header: t("platega_exports.history.period"),
        cell: ({ getValue }) => `${date(getValue().from)} – ${date(getValue().to)}`,
      }),
      column.display({
        id: "filters",
        header: t("platega_exports.history.filters"),
        cell: ({ row }) => {
          const f = row.original.filters
          const statuses = f.statuses.length
            ? f.statuses
                .map((s) => t(`platega_codes.transaction.${s}`, { defaultValue: s }))
                .join(", ")
            : t("platega_exports.history.all")
          const methods = f.payment_methods.length
            ? f.payment_methods
                .map((m) => t(`platega_codes.method.${m}`, { defaultValue: m }))
                .join(", ")
            : t("platega_exports.history.all")
          return (
            <div className="flex flex-col">
              <Text size="xsmall">{statuses}</Text>
              <Text size="xsmall" className="text-ui-fg-subtle">
                {methods} · {f.time_zone}
              </Text>
            </div>
          )
        },
      }),
      column.accessor("format", {
        header: t("platega_exports.history.format"),
        cell: ({ getValue }) => getValue().toUpperCase(),
      }),
      column.accessor("status", {
        header: t("platega_exports.history.status"),
        cell: ({ row }) => (
          <div className="flex flex-col gap-y-1" data-testid={`export-status-${row.original.id}`}>
            <StatusBadge color={COLORS[row.original.status]}>
              {t(`platega_exports.state.${row.original.status}`)}
            </StatusBadge>
            {row.original.error && (
              <Text size="xsmall" className="text-ui-fg-error max-w-[280px] whitespace-normal">
                {row.original.error.code
                  ? t(`platega_exports.errors.${row.original.error.code}`, {
                      defaultValue: row.original.error.message,
                    })
                  : row.original.error.message}
              </Text>
            )}
            {row.original.status === "failed" && (
              <Button
                size="small"
                variant="secondary"
                className="w-fit"
                isLoading={retry.isPending}
                onClick={() => tryAgain(row.original)}
                data-testid={`export-retry-${row.original.id}`}
              >
                {t("platega_exports.history.tryAgain")}
              </Button>
            )}
          </div>
        ),
      }),
      column.accessor("row_count", {
        header: t("platega_exports.history.rows"),
        cell: ({ row }) => (
          <span data-testid={`export-rows-${row.original.id}`}>
            {number(row.original.row_count)}
            {row.original.status === "running" ? "…" : ""}
          </span>
        ),
      }),
      column.display({
        id: "file",
        header: t("platega_exports.history.file"),
        cell: ({ row }) => {
          const e = row.original
          return (
            <div className="flex flex-col gap-y-1">
              {e.file && (
                <a
                  className="text-ui-fg-interactive hover:text-ui-fg-interactive-hover txt-compact-small"
                  href={storeUrl(e.file.download_url)}
                  download={e.file.name}
                  data-testid={`export-download-${e.id}`}
                >
                  {t("platega_exports.history.download")}
                  {e.file.size !== null ? ` (${format.bytes(e.file.size)})` : ""}
                </a>
              )}
              {e.platega_file_url && e.status !== "failed" && (
                <a
                  className="text-ui-fg-subtle hover:text-ui-fg-base txt-compact-small"
                  href={storeUrl(e.platega_file_url)}
                  data-testid={`export-platega-file-${e.id}`}
                >
                  {t("platega_exports.history.plategaFile")}
                </a>
              )}
            </div>
          )
        },
      }),
    ],
    [t, format, retry.isPending],
  )

  const table = useDataTable({
    columns,
    data: data?.exports ?? [],
    getRowId: (row) => row.id,
    rowCount: data?.count ?? 0,
    isLoading,
    pagination: { state: pagination, onPaginationChange: setPagination },
  })

  return (
    <Container className="divide-y p-0">
      <DataTable instance={table}>
        <DataTable.Toolbar className="flex items-center justify-between px-6 py-4">
          <Heading level="h2">{t("platega_exports.history.title")}</Heading>
        </DataTable.Toolbar>
        {isError ? (
          <div className="px-6 py-4">
            <Text size="small" className="text-ui-fg-error">
              {t("platega_exports.history.loadFailed")}: {error.message}
            </Text>
          </div>
        ) : (
          <PagedTable texts="platega_exports.history" />
        )}
      </DataTable>
    </Container>
  )
}
