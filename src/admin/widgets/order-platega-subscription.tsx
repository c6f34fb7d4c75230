import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminOrder, DetailWidgetProps } from "@medusajs/framework/types"
import { Container, Heading, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { Link } from "react-router-dom"
import { SubscriptionStatusBadge } from "../components/subscriptions/status-badge"
import { useOrderSubscription } from "../api/subscriptions"
import { formatters } from "../i18n/format"

/** On an order a subscription paid for: which one, whether first or a renewal, and a link. */
const OrderPlategaSubscriptionWidget = ({ data: order }: DetailWidgetProps<AdminOrder>) => {
  const { t, i18n } = useTranslation()
  const { data } = useOrderSubscription(order.id)
  const s = data?.subscription
  if (!s) return null
  const kind = data?.charge?.kind ?? "first"
  return (
    <Container className="divide-y p-0" data-testid="platega-order-subscription-widget">
      <div className="flex items-center justify-between px-6 py-4">
        <Heading level="h2">{t("platega_subscriptions.widget.orderTitle")}</Heading>
        <SubscriptionStatusBadge status={s.status} />
      </div>
      <div className="flex flex-col gap-y-1 px-6 py-4">
        <Text size="small">
          {t(`platega_subscriptions.widget.${kind === "renewal" ? "renewal" : "first"}`)}
        </Text>
        <Link
          to={`/platega/subscriptions/${s.id}`}
          className="text-ui-fg-interactive hover:text-ui-fg-interactive-hover txt-small"
          data-testid="platega-order-subscription"
        >
          {s.product_title ?? t("platega_subscriptions.detail.title")}
        </Link>
        {s.next_charge_at && (
          <Text size="xsmall" className="text-ui-fg-subtle">
            {t("platega_subscriptions.list.nextCharge")}:{" "}
            {formatters(i18n.language).dateTime(s.next_charge_at)}
          </Text>
        )}
      </div>
    </Container>
  )
}

export const config = defineWidgetConfig({ zone: "order.details.side.after" })

export default OrderPlategaSubscriptionWidget
