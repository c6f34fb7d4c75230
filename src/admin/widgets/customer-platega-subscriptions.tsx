import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminCustomer, DetailWidgetProps } from "@medusajs/framework/types"
import { Container, Heading, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { Link } from "react-router-dom"
import { SubscriptionStatusBadge, useScheduleText } from "../components/subscriptions/status-badge"
import { useSubscriptions } from "../api/subscriptions"
import { formatters } from "../i18n/format"

/** On a customer's page: their Platega subscriptions, each linking to its page. */
const CustomerPlategaSubscriptionsWidget = ({
  data: customer,
}: DetailWidgetProps<AdminCustomer>) => {
  const { t, i18n } = useTranslation()
  const schedule = useScheduleText()
  const { data, isLoading, isError, error } = useSubscriptions({
    limit: 50,
    offset: 0,
    customer_id: customer.id,
    order: "-created_at",
  })
  const list = data?.subscriptions ?? []
  if (!isLoading && !isError && !list.length) return null
  return (
    <Container className="divide-y p-0" data-testid="platega-customer-subscriptions">
      <div className="px-6 py-4">
        <Heading level="h2">{t("platega_subscriptions.widget.customerTitle")}</Heading>
      </div>
      {isError && (
        <div className="px-6 py-4">
          <Text size="small" className="text-ui-fg-error">
            {t("platega_subscriptions.list.loadFailed", { message: error.message })}
          </Text>
        </div>
      )}
      {list.map((s) => (
        <Link
          key={s.id}
          to={`/platega/subscriptions/${s.id}`}
          className="hover:bg-ui-bg-base-hover flex items-center justify-between gap-x-4 px-6 py-3"
          data-testid="platega-customer-subscription"
        >
          <div className="flex flex-col">
            <Text size="small" weight="plus">
              {s.product_title ?? t("platega_subscriptions.detail.title")}
            </Text>
            <Text size="xsmall" className="text-ui-fg-subtle">
              {formatters(i18n.language).money(s.amount, s.currency_code)} ·{" "}
              {schedule(s.interval, s.interval_count)}
              {s.next_charge_at &&
                ` · ${t("platega_subscriptions.list.nextCharge")}: ${formatters(i18n.language).dateTime(s.next_charge_at)}`}
            </Text>
          </div>
          <SubscriptionStatusBadge status={s.status} />
        </Link>
      ))}
    </Container>
  )
}

// In the side column, under the addresses: never below the JSON box that closes the main one.
export const config = defineWidgetConfig({ zone: "customer.details.side.after" })

export default CustomerPlategaSubscriptionsWidget
