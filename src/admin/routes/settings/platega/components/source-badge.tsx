import { Badge, Tooltip } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import type { SettingSource } from "../api"

const COLORS = { settings: "blue", options: "purple", default: "grey" } as const

/** Where a setting's value comes from: saved here, medusa-config.ts, or the built-in default. */
export const SourceBadge = ({ source, field }: { source: SettingSource; field: string }) => {
  const { t } = useTranslation()
  return (
    <Tooltip content={t(`platega_settings.sourceHint.${source}`)}>
      <Badge size="2xsmall" color={COLORS[source]} data-testid={`platega-source-${field}`}>
        {t(`platega_settings.source.${source}`)}
      </Badge>
    </Tooltip>
  )
}
