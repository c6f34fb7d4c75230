// One page of three sections (the record, Platega's live reading, the charges) that share its
// query and its cancel prompt.
import {
  Alert,
  Button,
  Container,
  createDataTableColumnHelper,
  DataTable,
  Heading,
  Text,
  toast,
  useDataTable,
  usePrompt,
} from "@medusajs/ui"
import { useMemo } from "react"
import { useTranslation } from "react-i18next"
import { Link, useParams } from "react-router-dom"
import { formatters, useFormat } from "../../../../i18n/format"
import {
  SubscriptionStatusBadge,
  useScheduleText,
} from "../../../../components/subscriptions/status-badge"
import {
  FINAL_STATUSES,
  useCancelSubscription,
  useSubscription,
  type AdminCharge,
  type AdminSubscriptionDetail,
  type LiveSubscription,
} from "../../../../api/subscriptions"
import { breadcrumbHandle } from "../../../../components/breadcrumbs"

const column = createDataTableColumnHelper<AdminCharge>()

const Row = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <div className="text-ui-fg-subtle grid grid-cols-2 items-center px-6 py-3">
    <Text size="small" weight="plus" leading="compact">
      {label}
    </Text>
    <div className="txt-small text-ui-fg-base">{children}</div>
  </div>
)

/** The cancel button: asks first, then stops the charges at Platega. */
const CancelButton = ({ subscription }: { subscription: AdminSubscriptionDetail }) => {
  const { t } = useTranslation()
  const prompt = usePrompt()
  const cancel = useCancelSubscription(subscription.id)
  if (FINAL_STATUSES.includes(subscription.status)) return null
  const onClick = async () => {
    const confirmed = await prompt({
      title: t("platega_subscriptions.detail.cancelTitle"),
      description: t("platega_subscriptions.detail.cancelDescription", {
        email: subscription.customer?.email ?? subscription.customer_email ?? "—",
      }),
      confirmText: t("platega_subscriptions.detail.cancelConfirm"),
      cancelText: t("platega_subscriptions.detail.keep"),
    })
    if (!confirmed) return
    cancel.mutate(undefined, {
      onSuccess: () => toast.success(t("platega_subscriptions.detail.cancelled")),
      onError: (e) =>
        toast.error(t("platega_subscriptions.detail.cancelFailed"), { description: e.message }),
    })
  }
  return (
    <Button
      size="small"
      variant="danger"
      onClick={onClick}
      isLoading={cancel.isPending}
      data-testid="platega-subscription-cancel"
    >
      {t("platega_subscriptions.detail.cancel")}
    </Button>
  )
}

/** What Platega says now: its status and charge metrics, or why it could not be read. */
/** Metrics that are sums of money (in the subscription's currency). */
const MONEY_METRICS = new Set(["totalAmount"])

const LiveSection = ({
  live,
  error,
  currency,
}: {
  live: LiveSubscription | null
  error: { message: string; code?: string; trace_id?: string } | null
  currency: string
}) => {
  const { t } = useTranslation()
  const format = useFormat()
  const metrics = live?.charge_metrics ?? {}
  const value = (key: string) => {
    const v = metrics[key]
    if (v === undefined || v === null) return "—"
    if (MONEY_METRICS.has(key) && (typeof v === "number" || typeof v === "string")) {
      return format.money(v, currency)
    }
    if (typeof v === "number") return format.number(v)
    if (typeof v === "string" && /^\d{4}-\d\d-\d\dT/.test(v)) return format.dateTime(v)
    return String(v)
  }
  return (
    <Container className="divide-y p-0" data-testid="platega-subscription-live">
      <div className="px-6 py-4">
        <Heading level="h2">{t("platega_subscriptions.detail.live")}</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          {t("platega_subscriptions.detail.liveHint")}
        </Text>
      </div>
      {error ? (
        <div className="px-6 py-4">
          <Alert variant="error">
            {t("platega_subscriptions.detail.liveError")}{" "}
            {/* Platega's own words, code and trace id: shown as Platega wrote them. */}
            <span translate="no">
              {error.message}
              {error.code && ` · ${error.code}`}
              {error.trace_id && ` · traceId ${error.trace_id}`}
            </span>
          </Alert>
        </div>
      ) : (
        <>
          <Row label={t("platega_subscriptions.detail.liveStatus")}>
            <SubscriptionStatusBadge status={String(live?.status ?? "—")} />
          </Row>
          {Object.keys(metrics).map((key) => (
            <Row key={key} label={t(`platega_subscriptions.metrics.${key}`, { defaultValue: key })}>
              <span data-testid={`platega-metric-${key}`}>{value(key)}</span>
            </Row>
          ))}
        </>
      )}
    </Container>
  )
}

const ChargesSection = ({ charges }: { charges: AdminCharge[] }) => {
  const { t, i18n } = useTranslation()
  const columns = useMemo(
    () => [
      column.accessor("charged_at", {
        header: t("platega_subscriptions.detail.chargedAt"),
        cell: ({ getValue }) =>
          getValue() ? formatters(i18n.language).dateTime(getValue()!) : "—",
      }),
      column.accessor("kind", {
        header: t("platega_subscriptions.detail.kind"),
        cell: ({ getValue }) => t(`platega_subscriptions.detail.kinds.${getValue() ?? "unknown"}`),
      }),
      column.accessor("amount", {
        header: t("platega_subscriptions.detail.amount"),
        cell: ({ row }) =>
          formatters(i18n.language).money(row.original.amount, row.original.currency_code),
      }),
      column.accessor("status", {
        header: t("platega_subscriptions.detail.chargeStatus"),
        cell: ({ row }) => (
          <div className="flex flex-col">
            <Text size="small">
              {t(`platega_subscriptions.detail.chargeStatuses.${row.original.status}`, {
                defaultValue: row.original.status,
              })}
            </Text>
            {row.original.error && (
              <Text size="xsmall" className="text-ui-fg-error">
                {row.original.error}
              </Text>
            )}
          </div>
        ),
      }),
      column.accessor("order_id", {
        header: t("platega_subscriptions.detail.order"),
        cell: ({ row }) =>
          row.original.order_id ? (
            <Link
              to={`/orders/${row.original.order_id}`}
              className="text-ui-fg-interactive hover:text-ui-fg-interactive-hover"
              data-testid="platega-charge-order"
            >
              #{row.original.order_display_id ?? row.original.order_id}
            </Link>
          ) : (
            "—"
          ),
      }),
    ],
    [t, i18n.language],
  )
  const table = useDataTable({
    columns,
    data: charges,
    getRowId: (row) => row.id,
    rowCount: charges.length,
  })
  return (
    <Container className="divide-y p-0" data-testid="platega-subscription-charges">
      <DataTable instance={table}>
        <DataTable.Toolbar className="px-6 py-4">
          <Heading level="h2">{t("platega_subscriptions.detail.charges")}</Heading>
        </DataTable.Toolbar>
        <DataTable.Table
          emptyState={{
            empty: {
              heading: t("platega_subscriptions.detail.noCharges"),
              description: t("platega_subscriptions.detail.noChargesHint"),
            },
          }}
        />
      </DataTable>
    </Container>
  )
}

/** Platega → Subscriptions → one: the plan, Platega's live metrics, the charges, cancel. */
const PlategaSubscriptionPage = () => {
  const { id } = useParams()
  const { t, i18n } = useTranslation()
  const schedule = useScheduleText()
  const { data, isLoading, isError, error } = useSubscription(id!)
  const language = i18n.language

  if (isLoading) {
    return (
      <Container className="px-6 py-4">
        <Text size="small" className="text-ui-fg-subtle">
          {t("platega_subscriptions.detail.loading")}
        </Text>
      </Container>
    )
  }
  if (isError || !data) {
    return (
      <Container className="px-6 py-4" data-testid="load-error">
        <Text size="small" className="text-ui-fg-error">
          {t("platega_subscriptions.list.loadFailed", { message: error?.message ?? "" })}
        </Text>
      </Container>
    )
  }
  const s = data.subscription
  const date = (iso: string | null) => (iso ? formatters(language).dateTime(iso) : "—")
  const customer = s.customer
  const name = [customer?.first_name, customer?.last_name].filter(Boolean).join(" ")
  return (
    <div className="flex flex-col gap-y-3" data-testid="platega-subscription-page">
      <Container className="divide-y p-0">
        <div className="flex items-center justify-between px-6 py-4">
          <div>
            <Heading>{s.product_title ?? t("platega_subscriptions.detail.title")}</Heading>
            <Text size="small" className="text-ui-fg-subtle">
              {formatters(language).money(s.amount, s.currency_code)} ·{" "}
              {schedule(s.interval, s.interval_count)}
            </Text>
          </div>
          <div className="flex items-center gap-x-2">
            <SubscriptionStatusBadge status={s.status} testId="platega-subscription-status" />
            <CancelButton subscription={s} />
          </div>
        </div>
        {s.attention && (
          <div className="px-6 py-4">
            <Alert variant="warning">{s.attention}</Alert>
          </div>
        )}
        <Row label={t("platega_subscriptions.list.customer")}>
          {customer ? (
            <Link
              to={`/customers/${customer.id}`}
              className="text-ui-fg-interactive hover:text-ui-fg-interactive-hover"
            >
              {name ? `${name} (${customer.email})` : customer.email}
            </Link>
          ) : (
            (s.customer_email ?? "—")
          )}
        </Row>
        <Row label={t("platega_subscriptions.detail.started")}>{date(s.started_at)}</Row>
        <Row label={t("platega_subscriptions.list.nextCharge")}>{date(s.next_charge_at)}</Row>
        <Row label={t("platega_subscriptions.detail.lastCharge")}>{date(s.last_charge_at)}</Row>
        <Row label={t("platega_subscriptions.list.charges")}>
          <span data-testid="platega-subscription-charges-count">{s.charges_count}</span>
        </Row>
        {s.cancelled_at && (
          <Row label={t("platega_subscriptions.detail.cancelledAt")}>
            {date(s.cancelled_at)}
            {s.cancelled_by &&
              ` · ${t(`platega_subscriptions.detail.cancelledBy.${s.cancelled_by}`, {
                defaultValue: s.cancelled_by,
              })}`}
          </Row>
        )}
        <Row label={t("platega_subscriptions.detail.plategaId")}>
          <span className="font-mono text-xs">{s.platega_id}</span>
        </Row>
      </Container>
      <LiveSection live={data.live} error={data.live_error} currency={s.currency_code} />
      <ChargesSection charges={s.charges} />
    </div>
  )
}

// The trail in the top bar (Medusa's admin route handle).
export const handle = breadcrumbHandle("platega_subscriptions.detail.title")

export default PlategaSubscriptionPage
