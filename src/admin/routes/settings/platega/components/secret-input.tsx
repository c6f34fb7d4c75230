import { Button, Input, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import type { MaskedSecret, SecretField } from "../api"

interface SecretInputProps {
  field: SecretField
  masked: MaskedSecret
  /** "" keeps the saved secret, text replaces it, null removes it. */
  value: string | null
  canSave: boolean
  onChange: (value: string | null) => void
}

/**
 * Write-only: the saved secret is never in the page, only "set ••••1234". The input is
 * uncontrolled, so what is typed never becomes a `value` attribute in the page's HTML; the form
 * remounts it (a new `key`) to empty it.
 */
export const SecretInput = ({ field, masked, value, canSave, onChange }: SecretInputProps) => {
  const { t } = useTranslation()
  const state = masked.set
    ? masked.last4
      ? t("platega_settings.secret.set", { last4: masked.last4 })
      : t("platega_settings.secret.setNoDigits")
    : t("platega_settings.secret.notSet")
  if (value === null) {
    return (
      <div className="flex items-center gap-x-2">
        <Text size="small" className="text-ui-fg-muted">
          {t("platega_settings.secret.willRemove")}
        </Text>
        <Button size="small" variant="transparent" type="button" onClick={() => onChange("")}>
          {t("platega_settings.actions.undo")}
        </Button>
      </div>
    )
  }
  return (
    <div className="flex flex-col gap-y-1">
      <div className="flex items-center gap-x-2">
        <Text size="small" className="font-mono" data-testid={`platega-masked-${field}`}>
          {state}
        </Text>
        {masked.set && masked.source === "settings" && (
          <Button
            size="small"
            variant="transparent"
            type="button"
            onClick={() => onChange(null)}
            data-testid={`platega-remove-${field}`}
          >
            {t("platega_settings.secret.remove")}
          </Button>
        )}
      </div>
      <Input
        id={`platega-${field}`}
        name={`platega-${field}`}
        type="password"
        autoComplete="new-password"
        spellCheck={false}
        defaultValue=""
        disabled={!canSave}
        placeholder={
          canSave
            ? t(masked.set ? "platega_settings.secret.replace" : "platega_settings.secret.enter")
            : t("platega_settings.secret.noKey")
        }
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  )
}
