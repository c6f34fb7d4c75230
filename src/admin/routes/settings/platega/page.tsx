import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Button, Container, Heading, StatusBadge, Text, toast } from "@medusajs/ui"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import {
  fieldOfMessage,
  useSaveSettings,
  useSettings,
  type PlategaSettings,
  type SettingField,
} from "./api"
import { AuditList } from "./components/audit-list"
import { CallbackUrl } from "./components/callback-url"
import { ConnectionTest } from "./components/connection-test"
import { EncryptionNotice } from "./components/encryption-notice"
import { SettingsForm } from "./components/settings-form"
import { buildPatch, connectionTestBody, initialDraft, type Draft } from "./draft"
import { breadcrumbHandle } from "../../../components/breadcrumbs"

type Errors = Partial<Record<SettingField, string>>

const Status = ({ settings }: { settings: PlategaSettings }) => {
  const { t } = useTranslation()
  const [color, key] = !settings.fields.merchant_id.value
    ? (["grey", "notConfigured"] as const)
    : !settings.last_test
      ? (["orange", "untested"] as const)
      : settings.last_test.ok
        ? (["green", "connected"] as const)
        : (["red", "failed"] as const)
  return (
    <StatusBadge color={color} data-testid="platega-status">
      {t(`platega_settings.status.${key}`)}
    </StatusBadge>
  )
}

/** The base URL in force is not Platega's API: the secret and every payment answer go there. */
const BaseUrlBadge = ({ settings }: { settings: PlategaSettings }) => {
  const { t } = useTranslation()
  if (settings.base_url_kind === "platega") return null
  const sandbox = settings.base_url_kind === "sandbox"
  return (
    <StatusBadge
      color={sandbox ? "blue" : "red"}
      title={t(`platega_settings.baseUrl.${sandbox ? "sandboxHint" : "notPlategaHint"}`, {
        url: settings.fields.base_url.value,
      })}
      data-testid="platega-base-url-kind"
    >
      {t(`platega_settings.baseUrl.${sandbox ? "sandbox" : "notPlatega"}`)}
    </StatusBadge>
  )
}

const Editor = ({ settings }: { settings: PlategaSettings }) => {
  const { t } = useTranslation()
  const [draft, setDraft] = useState<Draft>(() => initialDraft(settings))
  const [errors, setErrors] = useState<Errors>({})
  const [generation, setGeneration] = useState(0)
  const save = useSaveSettings()
  const patch = buildPatch(draft, settings)
  const dirty = Object.keys(patch).length > 0

  const change = (next: Draft) => {
    setDraft(next)
    if (Object.keys(errors).length) setErrors({})
  }
  /** Back to the settings in force: typed secrets are dropped from the page. */
  const restart = (from: PlategaSettings) => {
    setDraft(initialDraft(from))
    setErrors({})
    setGeneration((g) => g + 1)
  }

  const submit = () =>
    save.mutate(patch, {
      onSuccess: ({ changed, settings: saved }) => {
        restart(saved)
        if (!changed.length) toast.info(t("platega_settings.toasts.nothingChanged"))
        else
          toast.success(t("platega_settings.toasts.saved"), {
            description: changed
              .map((f) => t(`platega_settings.fields.${f}.label`, { defaultValue: f }))
              .join(", "),
          })
      },
      onError: (error) => {
        const field = fieldOfMessage(error.message)
        if (field) setErrors({ [field]: error.message })
        toast.error(t("platega_settings.toasts.saveFailed"), { description: error.message })
      },
    })

  return (
    <>
      <Container className="flex items-start justify-between gap-x-4 px-6 py-4">
        <div className="flex flex-col gap-y-1">
          <div className="flex items-center gap-x-3">
            <Heading level="h1">{t("platega_settings.title")}</Heading>
            <Status settings={settings} />
            <BaseUrlBadge settings={settings} />
          </div>
          <Text size="small" className="text-ui-fg-subtle">
            {t("platega_settings.subtitle")}
          </Text>
          {settings.base_url_kind === "other" && (
            <Text size="small" className="text-ui-fg-error" data-testid="platega-not-platega">
              {t("platega_settings.baseUrl.notPlategaHint", {
                url: settings.fields.base_url.value,
              })}
            </Text>
          )}
        </div>
      </Container>
      <EncryptionNotice encryption={settings.encryption} />
      <form
        className="flex flex-col gap-y-3"
        onSubmit={(e) => {
          e.preventDefault()
          submit()
        }}
        data-testid="platega-settings-form"
      >
        <SettingsForm
          settings={settings}
          draft={draft}
          errors={errors}
          generation={generation}
          onChange={change}
        />
        <Container className="flex items-center justify-end gap-x-2 px-6 py-4">
          {dirty && (
            <Text size="small" className="text-ui-fg-subtle mr-auto">
              {t("platega_settings.unsaved")}
            </Text>
          )}
          <Button
            size="small"
            variant="secondary"
            type="button"
            disabled={!dirty || save.isPending}
            onClick={() => restart(settings)}
          >
            {t("platega_settings.actions.discard")}
          </Button>
          <Button
            size="small"
            type="submit"
            disabled={!dirty}
            isLoading={save.isPending}
            data-testid="platega-save"
          >
            {t("platega_settings.actions.save")}
          </Button>
        </Container>
      </form>
      <ConnectionTest
        last={settings.last_test}
        body={connectionTestBody(draft, settings)}
        onFieldError={(field, message) => setErrors({ [field]: message })}
      />
    </>
  )
}

/** Settings → Platega: credentials, payment options, connection test, callback address, history. */
const PlategaSettingsPage = () => {
  const { t } = useTranslation()
  const { data: settings, isLoading, isError, error, refetch } = useSettings()

  if (isLoading) {
    return (
      <Container className="px-6 py-4" data-testid="platega-settings-loading">
        <Heading level="h1">{t("platega_settings.title")}</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          {t("platega_settings.loading")}
        </Text>
      </Container>
    )
  }
  if (isError || !settings) {
    return (
      <Container className="flex flex-col gap-y-2 px-6 py-4" data-testid="platega-settings-error">
        <Heading level="h1">{t("platega_settings.title")}</Heading>
        <Text size="small" className="text-ui-fg-error">
          {t("platega_settings.loadError", { message: error?.message ?? "" })}
        </Text>
        <div>
          <Button size="small" variant="secondary" onClick={() => void refetch()}>
            {t("platega_settings.actions.retry")}
          </Button>
        </div>
      </Container>
    )
  }
  return (
    <div className="flex flex-col gap-y-3" data-testid="platega-settings-page">
      <Editor settings={settings} />
      <CallbackUrl callback={settings.callback} />
      <AuditList />
    </div>
  )
}

export const config = defineRouteConfig({ label: "Platega" })

// The trail in the top bar (Medusa's admin route handle).
export const handle = breadcrumbHandle("platega_money.title")

export default PlategaSettingsPage
