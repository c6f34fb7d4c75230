import { Container, Heading, Skeleton, Text, Tooltip } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { useBalances } from "../../api/money"
import { LoadError } from "./load-error"
import { formatters } from "../../i18n/format"

/** Platega's balances: what is available, and what is frozen for refunds under review. */
export const BalancesSection = () => {
  const { t, i18n } = useTranslation()
  const { data, isPending, error, refetch } = useBalances()

  return (
    <Container className="divide-y p-0" data-testid="platega-balances">
      <div className="px-6 py-4">
        <Heading level="h2">{t("platega_money.balances.title")}</Heading>
      </div>
      {error ? (
        <LoadError error={error} onRetry={() => refetch()} />
      ) : (
        <div className="grid grid-cols-1 gap-4 px-6 py-4 sm:grid-cols-2 lg:grid-cols-3">
          {isPending &&
            [0, 1].map((i) => <Skeleton key={i} className="h-[76px] w-full rounded-lg" />)}
          {data?.balances.length === 0 && (
            <Text size="small" className="text-ui-fg-subtle">
              {t("platega_money.balances.empty")}
            </Text>
          )}
          {data?.balances.map((b) => (
            <div
              key={b.currency_code}
              className="shadow-elevation-card-rest bg-ui-bg-component rounded-lg px-4 py-3"
              data-testid={`balance-${b.currency_code}`}
            >
              <Text size="small" leading="compact" className="text-ui-fg-subtle">
                {b.currency_code.toUpperCase()} · {t("platega_money.balances.available")}
              </Text>
              <Text size="xlarge" weight="plus" data-testid="balance-amount">
                {formatters(i18n.language).money(b.amount, b.currency_code)}
              </Text>
              <Tooltip content={t("platega_money.balances.frozenHint")}>
                <Text size="xsmall" className="text-ui-fg-muted" data-testid="balance-frozen">
                  {t("platega_money.balances.frozen")}:{" "}
                  {formatters(i18n.language).money(b.frozen, b.currency_code)}
                </Text>
              </Tooltip>
            </div>
          ))}
        </div>
      )}
    </Container>
  )
}
