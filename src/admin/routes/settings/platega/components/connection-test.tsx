import { Button, Container, Heading, StatusBadge, Text, toast } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import {
  fieldOfMessage,
  useTestConnection,
  type ConnectionCall,
  type ConnectionTest as ConnectionTestResult,
  type ConnectionTestBody,
  type SettingField,
} from "../api"
import { useFormat } from "../../../../i18n/format"

const OUTCOME_COLORS = {
  ok: "green",
  wrong_credentials: "red",
  unreachable: "orange",
  skipped: "grey",
} as const

interface ConnectionTestProps {
  last: ConnectionTestResult | null
  /** The unsaved connection values to try ({} tries the saved settings). */
  body: ConnectionTestBody
  onFieldError: (field: SettingField, message: string) => void
}

const CallRow = ({ call }: { call: ConnectionCall }) => {
  const { t } = useTranslation()
  return (
    <div
      className="grid grid-cols-[minmax(0,2fr)_auto_auto] items-start gap-x-4 px-6 py-3"
      data-testid={`platega-test-call-${call.call}`}
      data-outcome={call.outcome}
    >
      <div className="flex flex-col">
        <Text size="small" weight="plus">
          {t(`platega_settings.test.calls.${call.call}`)}
        </Text>
        <Text size="xsmall" className="text-ui-fg-muted font-mono" translate="no">
          {call.endpoint}
        </Text>
        {call.outcome === "skipped" && (
          <Text size="xsmall" className="text-ui-fg-subtle">
            {t("platega_settings.test.skippedHint")}
          </Text>
        )}
        {call.message && (
          <div className="mt-1 flex flex-col gap-y-0.5" data-testid="platega-test-error">
            <Text size="xsmall" className="text-ui-fg-error">
              {call.message}
            </Text>
            {call.code && (
              <Text size="xsmall" className="text-ui-fg-subtle">
                {t("platega_settings.test.code")}: <span className="font-mono">{call.code}</span>
              </Text>
            )}
            {call.trace_id && (
              <Text size="xsmall" className="text-ui-fg-subtle">
                {t("platega_settings.test.traceId")}:{" "}
                <span className="font-mono">{call.trace_id}</span>
              </Text>
            )}
          </div>
        )}
      </div>
      <StatusBadge color={OUTCOME_COLORS[call.outcome]}>
        {t(`platega_settings.test.outcome.${call.outcome}`)}
      </StatusBadge>
      <Text size="small" className="text-ui-fg-subtle tabular-nums">
        {call.outcome === "skipped" ? "—" : t("platega_settings.test.ms", { ms: call.ms })}
      </Text>
    </div>
  )
}

/** Tries the credentials against Platega and shows each call's answer. */
export const ConnectionTest = ({ last, body, onFieldError }: ConnectionTestProps) => {
  const { t } = useTranslation()
  const { dateTime } = useFormat()
  const test = useTestConnection()
  const usesForm = Object.keys(body).length > 0
  const shown = test.data?.test ?? last

  const run = () =>
    test.mutate(body, {
      onSuccess: ({ test: result }) => {
        if (result.ok) toast.success(t("platega_settings.toasts.testOk"))
        else toast.error(t("platega_settings.toasts.testFailed"))
      },
      onError: (error) => {
        const field = fieldOfMessage(error.message)
        if (field) onFieldError(field, error.message)
        toast.error(error.message)
      },
    })

  return (
    <Container className="divide-y p-0" data-testid="platega-connection-test">
      <div className="flex items-start justify-between gap-x-4 px-6 py-4">
        <div>
          <Heading level="h2">{t("platega_settings.test.title")}</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            {t(usesForm ? "platega_settings.test.usesForm" : "platega_settings.test.usesSaved")}
          </Text>
        </div>
        <Button
          size="small"
          variant="secondary"
          type="button"
          isLoading={test.isPending}
          onClick={run}
          data-testid="platega-test"
        >
          {t("platega_settings.actions.test")}
        </Button>
      </div>
      {shown ? (
        <>
          <div
            className="flex items-center gap-x-2 px-6 py-3"
            data-testid="platega-test-summary"
            data-source={shown.source}
            data-ok={shown.ok}
          >
            <StatusBadge color={shown.ok ? "green" : "red"}>
              {t(shown.ok ? "platega_settings.test.passed" : "platega_settings.test.failed")}
            </StatusBadge>
            <Text size="small" className="text-ui-fg-subtle">
              {t("platega_settings.test.last", {
                when: dateTime(shown.at),
                address: shown.base_url,
              })}
              {shown.source === "form" ? ` · ${t("platega_settings.test.unsaved")}` : ""}
            </Text>
          </div>
          {shown.calls.map((call) => (
            <CallRow key={call.call} call={call} />
          ))}
        </>
      ) : (
        <Text size="small" className="text-ui-fg-subtle px-6 py-4">
          {t("platega_settings.test.never")}
        </Text>
      )}
    </Container>
  )
}
