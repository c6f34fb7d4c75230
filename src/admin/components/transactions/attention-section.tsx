import { Container, Heading, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { useOpenCases } from "../../api/transactions"
import { CaseCard } from "./case-card"

/** "Needs attention": every case nobody has settled yet, however old, above the list. */
export const AttentionSection = () => {
  const { t } = useTranslation()
  const { data, isLoading, isError, error } = useOpenCases()
  const open = (data?.transactions ?? []).flatMap((tx) =>
    tx.cases.filter((c) => !c.resolution).map((c) => ({ tx, item: c })),
  )
  return (
    <Container className="flex flex-col gap-y-3 px-6 py-4" data-testid="attention-section">
      <div>
        <Heading level="h2">
          {t("platega_transactions.attention.title")}
          {!!data?.needs_attention && ` (${data.needs_attention})`}
        </Heading>
        <Text size="small" className="text-ui-fg-subtle">
          {t("platega_transactions.attention.subtitle")}
        </Text>
      </div>
      {isLoading ? (
        <Text size="small" className="text-ui-fg-muted">
          {t("platega_transactions.list.loading")}
        </Text>
      ) : isError ? (
        <Text size="small" className="text-ui-fg-error" data-testid="load-error">
          {t("platega_transactions.list.loadFailed", { message: error.message })}
        </Text>
      ) : open.length ? (
        open.map(({ tx, item }) => <CaseCard key={item.id} tx={tx} item={item} />)
      ) : (
        <Text size="small" className="text-ui-fg-muted" data-testid="attention-none">
          {t("platega_transactions.attention.none")}
        </Text>
      )}
    </Container>
  )
}
