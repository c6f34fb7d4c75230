import {
  Badge,
  Container,
  createDataTableColumnHelper,
  DataTable,
  Heading,
  Label,
  StatusBadge,
  Switch,
  useDataTable,
} from "@medusajs/ui"
import { useMemo, useState } from "react"
import { useTranslation } from "react-i18next"
import { useCodeLabel } from "../../i18n/format"
import { useSavedCards, type SavedCard } from "../../api/money"
import { LoadError } from "./load-error"
import { NoKeyAlert } from "./no-key-alert"

const CARD_STATUS_COLOR: Record<string, "green" | "red" | "orange" | "grey"> = {
  ACTIVE: "green",
  DISABLED: "red",
  PENDING: "orange",
}
const column = createDataTableColumnHelper<SavedCard>()

/** The merchant's saved payout cards at Platega: active only, or all of them. */
export const CardsSection = ({
  payoutKeyConfigured,
}: {
  /** undefined while it is not known yet */
  payoutKeyConfigured: boolean | undefined
}) => {
  const { t } = useTranslation()
  const codeLabel = useCodeLabel()
  const [onlyActive, setOnlyActive] = useState(true)
  const { data, isPending, error, refetch } = useSavedCards(
    onlyActive,
    payoutKeyConfigured === true,
  )

  const columns = useMemo(
    () => [
      column.accessor("masked", {
        header: t("platega_money.cards.card"),
        cell: ({ getValue }) => <span className="font-mono">{getValue()}</span>,
      }),
      column.accessor("brand", {
        header: t("platega_money.cards.brand"),
        cell: ({ getValue }) =>
          getValue() ? <Badge size="2xsmall">{codeLabel("brand", getValue())}</Badge> : "—",
      }),
      column.accessor("label", {
        header: t("platega_money.cards.label"),
        // The name the merchant gave the card at Platega, shown as written.
        cell: ({ getValue }) => <span translate="no">{getValue() ?? "—"}</span>,
      }),
      column.accessor("status", {
        header: t("platega_money.cards.status"),
        cell: ({ getValue }) => (
          <StatusBadge color={CARD_STATUS_COLOR[getValue()] ?? "grey"}>
            {t(`platega_money.cards.statuses.${getValue()}`, { defaultValue: getValue() })}
          </StatusBadge>
        ),
      }),
    ],
    [t, codeLabel],
  )
  const table = useDataTable({
    columns,
    data: data?.cards ?? [],
    getRowId: (c) => c.id,
    rowCount: data?.cards.length ?? 0,
    isLoading: payoutKeyConfigured !== false && isPending,
  })

  return (
    <Container className="divide-y p-0" data-testid="platega-cards">
      <DataTable instance={table}>
        <DataTable.Toolbar className="flex items-center justify-between px-6 py-4">
          <Heading level="h2">{t("platega_money.cards.title")}</Heading>
          {payoutKeyConfigured && (
            <div className="flex items-center gap-x-2">
              <Switch
                id="platega-cards-active-only"
                checked={onlyActive}
                onCheckedChange={setOnlyActive}
                data-testid="cards-active-only"
              />
              <Label htmlFor="platega-cards-active-only" size="small">
                {t("platega_money.cards.activeOnly")}
              </Label>
            </div>
          )}
        </DataTable.Toolbar>
        {payoutKeyConfigured === false ? (
          <NoKeyAlert />
        ) : error ? (
          <LoadError error={error} onRetry={() => refetch()} />
        ) : (
          <DataTable.Table emptyState={{ empty: { heading: t("platega_money.cards.empty") } }} />
        )}
      </DataTable>
    </Container>
  )
}
