import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminOrder, AdminPayment, DetailWidgetProps } from "@medusajs/framework/types"
import { Alert, Container, Heading, StatusBadge, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { classifyTransactionStatus } from "../../lib/platega/codes"

type Chargeback = { transaction_id?: string; status?: string; flagged_at?: string }
type State = "paid" | "pending" | "canceled" | "refunded" | "chargeback" | "unknown"

const COLORS: Record<State, "green" | "orange" | "grey" | "blue" | "red"> = {
  paid: "green",
  pending: "orange",
  canceled: "grey",
  refunded: "blue",
  chargeback: "red",
  unknown: "grey",
}
/** Which state speaks for the order when its payments differ: the one needing attention. */
const PRIORITY: State[] = ["chargeback", "unknown", "pending", "paid", "refunded", "canceled"]

const refundsOf = (p: AdminPayment) => p.refunds ?? []

/**
 * What a payment's Platega status means for the merchant. Platega reports a refund as
 * CHARGEBACKED too: with a refund recorded in Medusa it is a refund; without one, money went
 * back that the store did not give back (a dispute, or a refund in Platega's dashboard).
 */
function stateOf(status: string, refunded: boolean): State {
  switch (classifyTransactionStatus(status)) {
    case "reversed":
      return refunded ? "refunded" : "chargeback"
    case "confirmed":
      return refunded ? "refunded" : "paid"
    case "pending":
      return "pending"
    case "canceled":
      return "canceled"
    default:
      return "unknown"
  }
}

/** Platega's side of an order: the transaction behind each payment, refunds, and chargebacks. */
const OrderPlategaWidget = ({ data: order }: DetailWidgetProps<AdminOrder>) => {
  const { t, i18n } = useTranslation()
  const payments = (order.payment_collections ?? [])
    .flatMap((c) => c.payments ?? [])
    .filter((p) => p.provider_id.startsWith("pp_platega"))
  if (!payments.length) return null

  const date = (iso: string | Date | null | undefined) =>
    iso
      ? new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(
          new Date(iso),
        )
      : undefined
  const money = (amount: unknown, currency: string) => {
    try {
      return new Intl.NumberFormat(i18n.language, { style: "currency", currency }).format(
        Number(amount),
      )
    } catch {
      return `${String(amount)} ${currency}`
    }
  }
  const method = (providerId: string) => {
    const key = /^pp_platega-(\w+)_/.exec(providerId)?.[1]
    return key ? t(`platega_order.methods.${key}`, { defaultValue: providerId }) : providerId
  }

  const flag = (order.metadata?.platega_chargeback ?? null) as Chargeback | null
  const rows = payments.map((payment) => {
    const data = (payment.data ?? {}) as Record<string, unknown>
    const refunded = refundsOf(payment).length > 0
    // The callback that flagged the order knows a newer status than the payment's own record. A
    // flag stands until a refund is recorded on its payment (what the advice asks for).
    const flagged = !!flag && flag.transaction_id === data.transaction_id && !refunded
    const status = String((flagged ? flag.status : undefined) ?? data.platega_status ?? "")
    return { payment, data, status, state: stateOf(status, refunded) }
  })
  const states = rows.map((r) => r.state)
  const chargebacks = rows.filter((r) => r.state === "chargeback")
  const overall: State = PRIORITY.find((s) => states.includes(s)) ?? "unknown"

  return (
    <Container className="divide-y p-0" data-testid="platega-order-widget">
      <div className="flex items-center justify-between px-6 py-4">
        <Heading level="h2">{t("platega_order.title")}</Heading>
        <StatusBadge color={COLORS[overall]} data-testid="platega-order-state" data-state={overall}>
          {t(`platega_order.state.${overall}`)}
        </StatusBadge>
      </div>
      {chargebacks.map(({ payment, data, status }) => {
        const at =
          flag && flag.transaction_id === data.transaction_id ? date(flag.flagged_at) : undefined
        return (
          <div key={`cb-${payment.id}`} className="px-6 py-4">
            <Alert variant="warning" data-testid="platega-chargeback">
              <Text size="small" weight="plus">
                {t("platega_order.chargeback.title")}
              </Text>
              <Text size="small">
                {t("platega_order.chargeback.body", {
                  id: String(data.transaction_id ?? "—"),
                  status: status || "CHARGEBACKED",
                  date: at ?? t("platega_order.chargeback.unknownDate"),
                })}
              </Text>
              <Text size="small" className="mt-2">
                {t("platega_order.chargeback.todo")}
              </Text>
            </Alert>
          </div>
        )
      })}
      {rows.map(({ payment, data, status, state }) => {
        const refund = refundsOf(payment)[0]
        const currency = String(data.currency ?? payment.currency_code).toUpperCase()
        return (
          <div key={payment.id} className="flex flex-col gap-y-2 px-6 py-4">
            <div className="grid grid-cols-2 gap-y-1">
              <Text size="small" className="text-ui-fg-subtle">
                {t("platega_order.method")}
              </Text>
              <Text size="small">{method(payment.provider_id)}</Text>
              <Text size="small" className="text-ui-fg-subtle">
                {t("platega_order.transaction")}
              </Text>
              <Text size="small" className="font-mono" data-testid="platega-transaction-id">
                {String(data.transaction_id ?? "—")}
              </Text>
              <Text size="small" className="text-ui-fg-subtle">
                {t("platega_order.status")}
              </Text>
              <div className="flex items-center gap-x-2">
                <StatusBadge color={COLORS[state]} data-testid="platega-payment-state">
                  {t(`platega_order.state.${state}`)}
                </StatusBadge>
                <Text size="xsmall" className="text-ui-fg-muted font-mono">
                  {status || "—"}
                </Text>
              </div>
              <Text size="small" className="text-ui-fg-subtle">
                {t("platega_order.amount")}
              </Text>
              <Text size="small">{money(data.amount ?? payment.amount, currency)}</Text>
            </div>
            {state === "refunded" && (
              <Text size="small" className="text-ui-fg-subtle" data-testid="platega-refunded">
                {t("platega_order.refunded", {
                  when: refund?.created_at
                    ? t("platega_order.refundedOn", { date: date(refund.created_at) })
                    : "",
                  status: status || "—",
                })}
              </Text>
            )}
          </div>
        )
      })}
    </Container>
  )
}

export const config = defineWidgetConfig({
  zone: "order.details.side.after",
})

export default OrderPlategaWidget
