import { Badge, StatusBadge } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { OUTCOME_COLOR, STATUS_COLOR } from "../../api/transactions"

/**
 * Platega's status of a transaction, in the one glossary's words (every page shows it through
 * this badge); an unknown one as Platega sent it.
 */
export const PlategaStatusBadge = ({ status }: { status?: string }) => {
  const { t } = useTranslation()
  const value = status ?? "PENDING"
  return (
    <StatusBadge
      color={STATUS_COLOR[value] ?? "grey"}
      data-status={value}
      data-platega-status={value}
    >
      {t(`platega_transactions.status.${value}`, { defaultValue: value })}
    </StatusBadge>
  )
}

/** What the plugin did with a callback. */
export const OutcomeBadge = ({ outcome }: { outcome: string }) => {
  const { t } = useTranslation()
  return (
    <Badge size="2xsmall" color={OUTCOME_COLOR[outcome] ?? "grey"} data-outcome={outcome}>
      {t(`platega_transactions.outcome.${outcome}`, { defaultValue: outcome })}
    </Badge>
  )
}
