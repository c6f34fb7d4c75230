import {
  Container,
  createDataTableColumnHelper,
  DataTable,
  Heading,
  Text,
  useDataTable,
} from "@medusajs/ui"
import { useMemo } from "react"
import { useTranslation } from "react-i18next"
import { PagedTable, pageQuery, usePagination } from "../../../../components/table/list-parts"
import { useAudit, type AuditEntry } from "../api"
import { useFormat } from "../../../../i18n/format"

const PAGE_SIZE = 10
const column = createDataTableColumnHelper<AuditEntry>()

/** Who changed which settings, and when (the field names: values are never recorded). */
export const AuditList = () => {
  const { t } = useTranslation()
  const { dateTime } = useFormat()
  const [pagination, setPagination] = usePagination(PAGE_SIZE)
  const { data, isLoading, isError, error } = useAudit(pageQuery(pagination))

  const columns = useMemo(
    () => [
      column.accessor("created_at", {
        header: t("platega_settings.audit.when"),
        cell: ({ getValue }) => dateTime(getValue()),
      }),
      column.accessor("actor_email", {
        header: t("platega_settings.audit.who"),
        cell: ({ getValue, row }) =>
          getValue() ?? row.original.actor_id ?? t("platega_settings.audit.unknownUser"),
      }),
      column.accessor("action", {
        header: t("platega_settings.audit.action"),
        cell: ({ getValue }) =>
          t(`platega_settings.audit.actions.${getValue()}`, { defaultValue: getValue() }),
      }),
      column.accessor("fields", {
        header: t("platega_settings.audit.fields"),
        cell: ({ getValue }) =>
          getValue()
            .map((f) => t(`platega_settings.fields.${f}.label`, { defaultValue: f }))
            .join(", "),
      }),
    ],
    [t, dateTime],
  )

  const table = useDataTable({
    columns,
    data: data?.audits ?? [],
    getRowId: (row) => row.id,
    rowCount: data?.count ?? 0,
    isLoading,
    pagination: { state: pagination, onPaginationChange: setPagination },
  })

  return (
    <Container className="divide-y p-0" data-testid="platega-audit">
      <DataTable instance={table}>
        <DataTable.Toolbar className="flex flex-col items-start px-6 py-4">
          <Heading level="h2">{t("platega_settings.audit.title")}</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            {t("platega_settings.audit.description")}
          </Text>
        </DataTable.Toolbar>
        {isError ? (
          <Text size="small" className="text-ui-fg-error px-6 py-4">
            {error.message}
          </Text>
        ) : (
          <PagedTable texts="platega_settings.audit" />
        )}
      </DataTable>
    </Container>
  )
}
