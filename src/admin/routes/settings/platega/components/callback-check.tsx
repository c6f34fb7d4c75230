import { Alert, Button, Text } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { useCallbackCheck } from "../callback-check"

/** Says whether Platega will accept the callback URL and, when not, what to do about each reason. */
export const CallbackCheckStatus = () => {
  const { t } = useTranslation()
  const { data, isPending, isError, error, refetch, isFetching } = useCallbackCheck()
  if (isPending) {
    return (
      <Text size="small" className="text-ui-fg-subtle" data-testid="platega-callback-checking">
        {t("platega_callback.checking")}
      </Text>
    )
  }
  if (isError) {
    return (
      <Alert variant="error" data-testid="platega-callback-check-error">
        {t("platega_callback.checkFailed", { message: error.message })}
      </Alert>
    )
  }
  const { check } = data
  if (check.qualifies) {
    const issuer = check.certificate?.issuer
    return (
      <Alert variant="success" data-testid="platega-callback-qualifies">
        {t("platega_callback.qualifies", {
          issuer: issuer ? t("platega_callback.issuer", { issuer }) : "",
        })}
      </Alert>
    )
  }
  return (
    <Alert variant="warning" data-testid="platega-callback-not-qualified">
      <div className="flex flex-col gap-y-2">
        <Text size="small" weight="plus">
          {t("platega_callback.notQualified")}
        </Text>
        <ul className="flex list-disc flex-col gap-y-1 pl-5">
          {check.problems.map((p) => (
            <li key={p} data-testid={`platega-callback-problem-${p}`}>
              <Text size="small">
                {t(`platega_callback.problems.${p}`, { error: check.certificate?.error ?? "" })}
              </Text>
            </li>
          ))}
        </ul>
        <div>
          <Button
            size="small"
            variant="secondary"
            isLoading={isFetching}
            onClick={() => void refetch()}
          >
            {t("platega_callback.recheck")}
          </Button>
        </div>
      </div>
    </Alert>
  )
}
