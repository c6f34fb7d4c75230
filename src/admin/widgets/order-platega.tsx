import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminOrder, AdminPayment, DetailWidgetProps } from "@medusajs/framework/types"
import { Alert, Container, Heading, StatusBadge, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { classifyTransactionStatus } from "../../lib/platega/codes"
import { useCodeLabel, useFormat } from "../i18n/format"
import { useOrderSubscription } from "../api/subscriptions"

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

type OrderCharge = { kind: string | null; platega_id: string | null; status: string | null }

/**
 * The transaction behind a payment and its status. A subscription's checkout payment holds the
 * subscription (its status is the subscription's): its transaction is the first charge, known
 * from the charge Platega made (or, before its callback, from the charge count Platega reported).
 */
function transactionOf(
  data: Record<string, unknown>,
  charge: OrderCharge | null | undefined,
): { id?: string; status: string } {
  if (data.transaction_id || !data.subscription_id) {
    return {
      id: data.transaction_id as string | undefined,
      status: String(data.platega_status ?? ""),
    }
  }
  const first = charge?.kind === "first" ? charge : undefined
  const charged = Number(data.charges_success ?? 0) > 0
  return {
    id: (data.first_charge_id as string | undefined) ?? first?.platega_id ?? undefined,
    status: first?.status ?? (charged ? "CONFIRMED" : ""),
  }
}

/** Platega's side of an order: the transaction behind each payment, refunds, and chargebacks. */
const OrderPlategaWidget = ({ data: order }: DetailWidgetProps<AdminOrder>) => {
  const { t } = useTranslation()
  const format = useFormat()
  const codeLabel = useCodeLabel()
  const payments = (order.payment_collections ?? [])
    .flatMap((c) => c.payments ?? [])
    .filter((p) => p.provider_id.startsWith("pp_platega"))
  const isSubscription = payments.some((p) => p.provider_id.startsWith("pp_platega-subscription"))
  const { data: ofOrder } = useOrderSubscription(order.id, isSubscription)
  if (!payments.length) return null

  const date = (iso: string | Date | null | undefined) => (iso ? format.dateTime(iso) : undefined)
  const money = (amount: unknown, currency: string) =>
    format.money(amount as number | string, currency)
  const method = (providerId: string) => {
    const key = /^pp_platega-(\w+)_/.exec(providerId)?.[1]
    return key ? t(`platega_order.methods.${key}`, { defaultValue: providerId }) : providerId
  }

  const flag = (order.metadata?.platega_chargeback ?? null) as Chargeback | null
  const rows = payments.map((payment) => {
    const data = (payment.data ?? {}) as Record<string, unknown>
    const tx = transactionOf(data, ofOrder?.charge)
    const refunded = refundsOf(payment).length > 0
    // The callback that flagged the order knows a newer status than the payment's own record. A
    // flag stands until a refund is recorded on its payment (what the advice asks for).
    const flagged = !!flag && !!tx.id && flag.transaction_id === tx.id && !refunded
    const status = String((flagged ? flag.status : undefined) ?? tx.status)
    return { payment, data, txId: tx.id, status, state: stateOf(status, refunded) }
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
      {chargebacks.map(({ payment, txId, status }) => {
        const at = flag && flag.transaction_id === txId ? date(flag.flagged_at) : undefined
        return (
          <div key={`cb-${payment.id}`} className="px-6 py-4">
            <Alert variant="warning" data-testid="platega-chargeback">
              <Text size="small" weight="plus">
                {t("platega_order.chargeback.title")}
              </Text>
              <Text size="small">
                {t("platega_order.chargeback.body", {
                  id: txId ?? "—",
                  status: codeLabel("transaction", status || "CHARGEBACKED"),
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
      {rows.map(({ payment, data, txId, status, state }) => {
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
                {txId ?? "—"}
              </Text>
              <Text size="small" className="text-ui-fg-subtle">
                {t("platega_order.status")}
              </Text>
              <div className="flex items-center gap-x-2">
                <StatusBadge color={COLORS[state]} data-testid="platega-payment-state">
                  {t(`platega_order.state.${state}`)}
                </StatusBadge>
                {status && state === "unknown" && (
                  <Text size="xsmall" className="text-ui-fg-muted" data-code={status}>
                    {codeLabel("transaction", status)}
                  </Text>
                )}
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
                  status: codeLabel("transaction", status),
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
