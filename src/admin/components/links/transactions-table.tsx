import { StatusBadge, Table, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import type { OrderTransaction } from "../../api/links"
import { PlategaStatusBadge } from "../transactions/badges"
import { LINK_STATUS_COLOR } from "./link-card"
import { formatters } from "../../i18n/format"

/** Every Platega transaction of the order: the checkout's and the links', newest first. */
export const TransactionsTable = ({ rows }: { rows: OrderTransaction[] }) => {
  const { t, i18n } = useTranslation()
  if (!rows.length) {
    return (
      <Text size="small" className="text-ui-fg-subtle">
        {t("platega_links.none")}
      </Text>
    )
  }
  return (
    <Table data-testid="platega-transactions">
      <Table.Header>
        <Table.Row>
          <Table.HeaderCell>{t("platega_links.columns.kind")}</Table.HeaderCell>
          <Table.HeaderCell>{t("platega_links.columns.transaction")}</Table.HeaderCell>
          <Table.HeaderCell>{t("platega_links.columns.status")}</Table.HeaderCell>
          <Table.HeaderCell className="text-right">
            {t("platega_links.columns.amount")}
          </Table.HeaderCell>
          <Table.HeaderCell>{t("platega_links.columns.created")}</Table.HeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((r) => (
          <Table.Row key={r.transaction_id} data-testid="platega-transaction" data-kind={r.kind}>
            <Table.Cell>{t(`platega_links.kind.${r.kind}`)}</Table.Cell>
            <Table.Cell>
              <code title={r.transaction_id}>{r.transaction_id.slice(0, 8)}…</code>
            </Table.Cell>
            <Table.Cell>
              {r.kind === "link" ? (
                <StatusBadge
                  color={LINK_STATUS_COLOR[r.status as keyof typeof LINK_STATUS_COLOR] ?? "grey"}
                >
                  {t(`platega_links.status.${r.status}`, { defaultValue: r.status })}
                </StatusBadge>
              ) : (
                <PlategaStatusBadge status={r.status} />
              )}
            </Table.Cell>
            <Table.Cell className="text-right">
              {formatters(i18n.language).money(Number(r.amount), r.currency_code)}
            </Table.Cell>
            <Table.Cell>
              {r.created_at ? formatters(i18n.language).dateTime(r.created_at) : "—"}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table>
  )
}
