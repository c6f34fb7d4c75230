import { defineRouteConfig } from "@medusajs/admin-sdk"
import { CashSolid } from "@medusajs/icons"
import { Container, Heading, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { BalancesSection } from "../../components/money/balances-section"
import { CardsSection } from "../../components/money/cards-section"
import { PayoutsSection } from "../../components/money/payouts-section"
import { usePayouts } from "../../api/money"
import { breadcrumbHandle } from "../../components/breadcrumbs"

/** Platega in the sidebar: the merchant's money (balances, saved cards, payouts). */
const PlategaMoneyPage = () => {
  const { t } = useTranslation()
  // The history's first page also says whether a payout key is configured (cached, shared).
  const { data } = usePayouts({ limit: 20, offset: 0 })

  return (
    <div className="flex flex-col gap-y-3" data-testid="platega-money-page">
      <Container className="px-6 py-4">
        <Heading>{t("platega_money.title")}</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          {t("platega_money.subtitle")}
        </Text>
      </Container>
      <BalancesSection />
      <CardsSection payoutKeyConfigured={data?.payout_key_configured} />
      <PayoutsSection />
    </div>
  )
}

export const config = defineRouteConfig({
  label: "Platega",
  icon: CashSolid,
})

// The trail in the top bar (Medusa's admin route handle).
export const handle = breadcrumbHandle("platega_money.title")

export default PlategaMoneyPage
