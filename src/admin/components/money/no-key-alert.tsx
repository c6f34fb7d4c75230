import { Alert, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"

/** Shown where saved cards and payouts would be, while no payout key is configured. */
export const NoKeyAlert = () => {
  const { t } = useTranslation()
  return (
    <div className="px-6 py-4">
      <Alert variant="warning" data-testid="no-payout-key">
        <Text size="small" weight="plus">
          {t("platega_money.noKey.title")}
        </Text>
        <Text size="small">{t("platega_money.noKey.description")}</Text>
      </Alert>
    </div>
  )
}
