import { Button, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { errorMessage } from "../../i18n/format"

/** A section that could not load: what went wrong, and a way to try again. */
export const LoadError = ({ error, onRetry }: { error: unknown; onRetry: () => void }) => {
  const { t } = useTranslation()
  return (
    <div className="flex items-center justify-between gap-x-4 px-6 py-4" data-testid="load-error">
      <Text size="small" className="text-ui-fg-error">
        {t("platega_money.errors.load", { message: errorMessage(error) })}
      </Text>
      <Button size="small" variant="secondary" onClick={onRetry}>
        {t("platega_money.errors.retry")}
      </Button>
    </div>
  )
}
