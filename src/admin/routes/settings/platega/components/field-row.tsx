import { Button, Hint, Label, Text } from "@medusajs/ui"
import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import type { SettingField, SettingSource } from "../api"
import { SourceBadge } from "./source-badge"

interface FieldRowProps {
  field: SettingField
  source: SettingSource
  hint?: ReactNode
  error?: string
  /** Shown when the field will be cleared on save (back to medusa-config.ts or the default). */
  pendingReset?: boolean
  onReset?: () => void
  onUndoReset?: () => void
  children: ReactNode
}

/** One setting: its label and source, the input, what it means, and its error. */
export const FieldRow = ({
  field,
  source,
  hint,
  error,
  pendingReset,
  onReset,
  onUndoReset,
  children,
}: FieldRowProps) => {
  const { t } = useTranslation()
  const id = `platega-${field}`
  return (
    <div className="grid grid-cols-1 gap-x-4 gap-y-2 px-6 py-4 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <div className="flex flex-col gap-y-1">
        <div className="flex items-center gap-x-2">
          <Label htmlFor={id} size="small" weight="plus">
            {t(`platega_settings.fields.${field}.label`)}
          </Label>
          <SourceBadge source={source} field={field} />
        </div>
        <Text size="xsmall" className="text-ui-fg-subtle">
          {hint ?? t(`platega_settings.fields.${field}.hint`)}
        </Text>
      </div>
      <div className="flex flex-col gap-y-1" data-testid={`platega-field-${field}`}>
        {children}
        {pendingReset ? (
          <div className="flex items-center gap-x-2">
            <Text size="xsmall" className="text-ui-fg-muted">
              {t("platega_settings.reset.pending")}
            </Text>
            <Button size="small" variant="transparent" type="button" onClick={onUndoReset}>
              {t("platega_settings.actions.undo")}
            </Button>
          </div>
        ) : (
          onReset &&
          source === "settings" && (
            <div>
              <Button
                size="small"
                variant="transparent"
                type="button"
                onClick={onReset}
                data-testid={`platega-reset-${field}`}
              >
                {t("platega_settings.reset.action")}
              </Button>
            </div>
          )
        )}
        {error && (
          <Hint variant="error" data-testid={`platega-error-${field}`}>
            {error}
          </Hint>
        )}
      </div>
    </div>
  )
}
