import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminOrder, DetailWidgetProps } from "@medusajs/framework/types"
import { Badge, Container, Heading, Text } from "@medusajs/ui"

type Chargeback = { transaction_id?: string; status?: string; flagged_at?: string }

const PROVIDER_LABELS: Record<string, string> = {
  "platega-sbp": "SBP QR",
  "platega-card": "Card",
}

function providerLabel(providerId: string): string {
  const key = Object.keys(PROVIDER_LABELS).find((k) => providerId.startsWith(`pp_${k}_`))
  return key ? PROVIDER_LABELS[key] : providerId
}

/** Platega's side of an order: the transaction behind each payment, and any chargeback flag. */
const OrderPlategaWidget = ({ data: order }: DetailWidgetProps<AdminOrder>) => {
  const payments = (order.payment_collections ?? [])
    .flatMap((c) => c.payments ?? [])
    .filter((p) => p.provider_id.startsWith("pp_platega"))
  if (!payments.length) return null
  const chargeback = (order.metadata?.platega_chargeback ?? null) as Chargeback | null

  return (
    <Container className="divide-y p-0">
      <div className="flex items-center justify-between px-6 py-4">
        <Heading level="h2">Platega</Heading>
        {chargeback ? <Badge color="red">Chargeback</Badge> : <Badge color="green">OK</Badge>}
      </div>
      {chargeback && (
        <div className="px-6 py-4" data-testid="platega-chargeback">
          <Text size="small" weight="plus">
            Money for this order went back to the payer ({chargeback.status}) on{" "}
            {chargeback.flagged_at
              ? new Date(chargeback.flagged_at).toLocaleString()
              : "an unknown date"}
            , and no refund is recorded in Medusa. Check the dispute in the Platega dashboard.
          </Text>
        </div>
      )}
      {payments.map((payment) => {
        const data = (payment.data ?? {}) as Record<string, unknown>
        return (
          <div key={payment.id} className="grid grid-cols-2 gap-y-1 px-6 py-4">
            <Text size="small" className="text-ui-fg-subtle">
              Method
            </Text>
            <Text size="small">{providerLabel(payment.provider_id)}</Text>
            <Text size="small" className="text-ui-fg-subtle">
              Transaction
            </Text>
            <Text size="small" className="font-mono" data-testid="platega-transaction-id">
              {String(data.transaction_id ?? "—")}
            </Text>
            <Text size="small" className="text-ui-fg-subtle">
              Platega status
            </Text>
            <Text size="small">{String(data.platega_status ?? "—")}</Text>
            <Text size="small" className="text-ui-fg-subtle">
              Amount
            </Text>
            <Text size="small">
              {String(data.amount ?? payment.amount)}{" "}
              {String(data.currency ?? payment.currency_code).toUpperCase()}
            </Text>
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
