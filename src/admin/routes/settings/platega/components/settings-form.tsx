import { Container, Heading, Input, Select, Switch, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { DESCRIPTION_TOKENS } from "../../../../../modules/platega/settings/fields"
import type { PlainField, PlategaSettings, SecretField, SettingField } from "../api"
import { CONNECTION_FIELDS, type Draft } from "../draft"
import { FieldRow } from "./field-row"
import { SecretInput } from "./secret-input"

const SECTIONS: { key: string; fields: readonly SettingField[] }[] = [
  // What a connection uses: the same fields the connection test tries.
  { key: "credentials", fields: CONNECTION_FIELDS },
  {
    key: "checkout",
    fields: ["currencies", "description", "return_url", "failed_url", "storefront_origins"],
  },
  {
    key: "background",
    fields: [
      "reconcile_min_age_minutes",
      "export_time_zone",
      "csv_separator",
      "notification_language",
    ],
  },
]

const SEPARATORS = [
  { value: ";", key: "semicolon" },
  { value: ",", key: "comma" },
  { value: "\t", key: "tab" },
  { value: "|", key: "pipe" },
]

const LANGUAGES = ["en", "ru"]

const TOKENS = DESCRIPTION_TOKENS.map((t) => `{${t}}`).join(", ")

const isSecret = (f: SettingField): f is SecretField => f === "secret" || f === "payout_key"

interface SettingsFormProps {
  settings: PlategaSettings
  draft: Draft
  errors: Partial<Record<SettingField, string>>
  /** Changes when the form starts again (saved, discarded): the secret inputs are emptied. */
  generation: number
  onChange: (draft: Draft) => void
}

/** Every setting, grouped as a store owner thinks of them, each with where its value comes from. */
export const SettingsForm = ({
  settings,
  draft,
  errors,
  generation,
  onChange,
}: SettingsFormProps) => {
  const { t } = useTranslation()
  const setPlain = (f: PlainField, v: string | boolean) =>
    onChange({
      ...draft,
      plain: { ...draft.plain, [f]: v },
      reset: draft.reset.filter((r) => r !== f),
    })
  const setReset = (f: PlainField, on: boolean) =>
    onChange({ ...draft, reset: on ? [...draft.reset, f] : draft.reset.filter((r) => r !== f) })

  const input = (f: PlainField) => {
    const value = draft.plain[f]
    const disabled = draft.reset.includes(f)
    if (f === "sign_path_with_query") {
      return (
        <Switch
          id={`platega-${f}`}
          checked={value === true}
          disabled={disabled}
          onCheckedChange={(checked) => setPlain(f, checked)}
        />
      )
    }
    if (f === "csv_separator" || f === "notification_language") {
      const choices =
        f === "csv_separator"
          ? SEPARATORS.map((s) => ({ value: s.value, label: `separators.${s.key}` }))
          : LANGUAGES.map((l) => ({ value: l, label: `languages.${l}` }))
      return (
        <Select value={String(value)} onValueChange={(v) => setPlain(f, v)} disabled={disabled}>
          <Select.Trigger id={`platega-${f}`}>
            <Select.Value />
          </Select.Trigger>
          <Select.Content>
            {choices.map((c) => (
              <Select.Item key={c.value} value={c.value}>
                {t(`platega_settings.${c.label}`)}
              </Select.Item>
            ))}
          </Select.Content>
        </Select>
      )
    }
    return (
      <Input
        id={`platega-${f}`}
        name={`platega-${f}`}
        value={String(value)}
        disabled={disabled}
        type={f === "reconcile_min_age_minutes" ? "number" : "text"}
        spellCheck={false}
        placeholder={t(`platega_settings.fields.${f}.placeholder`, { defaultValue: "" })}
        onChange={(e) => setPlain(f, e.target.value)}
      />
    )
  }

  return (
    <>
      {SECTIONS.map((section) => (
        <Container key={section.key} className="divide-y p-0">
          <div className="px-6 py-4">
            <Heading level="h2">{t(`platega_settings.sections.${section.key}.title`)}</Heading>
            <Text size="small" className="text-ui-fg-subtle">
              {t(`platega_settings.sections.${section.key}.description`)}
            </Text>
          </div>
          {section.fields.map((f) =>
            isSecret(f) ? (
              <FieldRow key={f} field={f} source={settings.fields[f].source} error={errors[f]}>
                <SecretInput
                  key={`${f}-${generation}`}
                  field={f}
                  masked={settings.fields[f]}
                  value={draft.secrets[f]}
                  canSave={settings.encryption.configured}
                  onChange={(v) => onChange({ ...draft, secrets: { ...draft.secrets, [f]: v } })}
                />
              </FieldRow>
            ) : (
              <FieldRow
                key={f}
                field={f}
                source={settings.fields[f].source}
                error={errors[f]}
                hint={
                  f === "description"
                    ? t("platega_settings.fields.description.hint", { tokens: TOKENS })
                    : undefined
                }
                pendingReset={draft.reset.includes(f)}
                onReset={() => setReset(f, true)}
                onUndoReset={() => setReset(f, false)}
              >
                {input(f)}
              </FieldRow>
            ),
          )}
        </Container>
      ))}
    </>
  )
}
