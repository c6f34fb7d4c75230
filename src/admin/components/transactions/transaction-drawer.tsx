import { Drawer, Heading, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { Link } from "react-router-dom"
import type { AdminTransaction } from "../../api/transactions"
import { OutcomeBadge, PlategaStatusBadge } from "./badges"
import { CaseCard, useAmount } from "./case-card"
import { RecheckAction } from "./recheck"
import { formatters } from "../../i18n/format"

const Row = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <div className="grid grid-cols-[140px_1fr] gap-2">
    <Text size="small" className="text-ui-fg-subtle">
      {label}
    </Text>
    <Text size="small" className="break-all">
      {children}
    </Text>
  </div>
)

/** One transaction: where its money belongs, its callbacks with their outcome, its cases. */
export const TransactionDrawer = ({
  tx,
  onClose,
}: {
  tx: AdminTransaction | undefined
  onClose: () => void
}) => {
  const { t, i18n } = useTranslation()
  const amount = useAmount()
  return (
    <Drawer open={!!tx} onOpenChange={(open) => !open && onClose()}>
      <Drawer.Content data-testid="transaction-drawer">
        <Drawer.Header>
          <Drawer.Title>{t("platega_transactions.drawer.title")}</Drawer.Title>
          <Drawer.Description className="break-all">{tx?.id}</Drawer.Description>
        </Drawer.Header>
        {tx && (
          <Drawer.Body className="flex flex-col gap-y-6 overflow-y-auto">
            <div className="flex flex-col gap-y-2">
              <Row label={t("platega_transactions.list.status")}>
                <PlategaStatusBadge status={tx.platega_status} />
                {tx.platega_status_at && (
                  <span className="text-ui-fg-muted" data-testid="status-read-at">
                    {" "}
                    {t("platega_transactions.drawer.readAt", {
                      time: formatters(i18n.language).dateTime(tx.platega_status_at),
                    })}
                  </span>
                )}
              </Row>
              <Row label={t("platega_transactions.list.amount")}>{amount(tx)}</Row>
              <Row label={t("platega_transactions.list.method")}>
                {tx.method
                  ? t(`platega_transactions.method.${tx.method}`, { defaultValue: tx.method })
                  : "—"}
              </Row>
              <Row label={t("platega_transactions.drawer.kind")}>
                <span data-platega-kind={tx.kind ?? "unknown"}>
                  {t(`platega_transactions.kind.${tx.kind ?? "unknown"}`)}
                </span>
              </Row>
              <Row label={t("platega_transactions.list.when")}>
                {formatters(i18n.language).dateTime(tx.created_at)}
              </Row>
              <Row label={t("platega_transactions.list.orderOrCart")}>
                {tx.order ? (
                  <Link to={`/orders/${tx.order.id}`} className="text-ui-fg-interactive">
                    {t("platega_transactions.order", { number: tx.order.display_id })}
                  </Link>
                ) : (
                  (tx.cart_id ?? "—")
                )}
              </Row>
              <Row label={t("platega_transactions.drawer.email")}>{tx.email ?? "—"}</Row>
              <RecheckAction id={tx.id} showResult />
            </div>
            {tx.cases.length > 0 && (
              <div className="flex flex-col gap-y-2">
                <Heading level="h3">{t("platega_transactions.drawer.cases")}</Heading>
                {tx.cases.map((c) => (
                  <CaseCard key={c.id} tx={tx} item={c} />
                ))}
              </div>
            )}
            <div className="flex flex-col gap-y-2" data-testid="drawer-callbacks">
              <Heading level="h3">{t("platega_transactions.drawer.callbacks")}</Heading>
              {tx.callbacks.length ? (
                tx.callbacks.map((c) => (
                  <div key={c.id} className="flex flex-col gap-y-1 border-b pb-2">
                    <div className="flex flex-wrap items-center gap-2">
                      <Text size="xsmall" className="text-ui-fg-subtle">
                        {t(
                          c.delivered
                            ? "platega_transactions.drawer.claimed"
                            : "platega_transactions.drawer.found",
                        )}
                      </Text>
                      <PlategaStatusBadge status={c.status} />
                      <OutcomeBadge outcome={c.outcome} />
                      <Text size="xsmall" className="text-ui-fg-muted">
                        {formatters(i18n.language).dateTime(c.created_at)}
                        {c.deliveries > 1 &&
                          ` · ${t("platega_transactions.drawer.deliveries", { count: c.deliveries })}`}
                      </Text>
                    </div>
                    {c.read_status && c.read_status !== c.status && (
                      <Text size="xsmall" className="text-ui-fg-subtle">
                        {t("platega_transactions.drawer.readStatus", {
                          status: t(`platega_transactions.status.${c.read_status}`, {
                            defaultValue: c.read_status,
                          }),
                        })}
                      </Text>
                    )}
                    {c.detail && (
                      <Text size="xsmall" className="text-ui-fg-subtle">
                        {c.detail}
                      </Text>
                    )}
                  </div>
                ))
              ) : (
                <Text size="small" className="text-ui-fg-muted">
                  {t("platega_transactions.drawer.noCallbacks")}
                </Text>
              )}
            </div>
          </Drawer.Body>
        )}
      </Drawer.Content>
    </Drawer>
  )
}
