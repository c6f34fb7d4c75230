import { StatusBadge } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { STATUS_COLOR } from "../../api/subscriptions"

/** A subscription's status as the merchant reads it; an unknown one as Platega sent it. */
export const SubscriptionStatusBadge = ({
  status,
  testId,
}: {
  status: string
  testId?: string
}) => {
  const { t } = useTranslation()
  return (
    <StatusBadge color={STATUS_COLOR[status] ?? "grey"} data-testid={testId} data-status={status}>
      {t(`platega_subscriptions.status.${status}`, { defaultValue: status })}
    </StatusBadge>
  )
}

/** "Every 2 months", in the admin's language. */
export function useScheduleText() {
  const { t } = useTranslation()
  // "Every month", not "Every 1 month" (a key of its own: Russian plural "one" also covers 21).
  return (interval: string, count: number) =>
    t(`platega_subscriptions.plan.${count === 1 ? "everySingle" : "every"}`, {
      count,
      unit: t(`platega_subscriptions.plan.units.${interval}`, { count }),
    })
}
