import { Button, Text, toast } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { useRecheck } from "../../api/transactions"

/** Re-check now: Platega's answer again, through the reconciliation job's workflow; shows what it found. */
export const RecheckAction = ({ id, showResult }: { id: string; showResult?: boolean }) => {
  const { t } = useTranslation()
  const recheck = useRecheck(id)
  const result = recheck.data?.recheck
  return (
    <div className="flex flex-col gap-y-1">
      <Button
        size="small"
        variant="secondary"
        isLoading={recheck.isPending}
        data-testid="recheck"
        onClick={() =>
          recheck.mutate(undefined, {
            onSuccess: ({ recheck: r }) =>
              toast.info(
                t("platega_transactions.recheck.result", {
                  status: r.platega_status ?? "—",
                  outcome: t(`platega_transactions.outcome.${r.outcome}`, {
                    defaultValue: r.outcome,
                  }),
                }),
                { description: r.detail },
              ),
            onError: (e) =>
              toast.error(t("platega_transactions.recheck.failed"), { description: e.message }),
          })
        }
      >
        {t("platega_transactions.recheck.action")}
      </Button>
      {showResult && result && (
        <Text size="xsmall" className="text-ui-fg-subtle" data-testid="recheck-result">
          {t("platega_transactions.recheck.result", {
            status: result.platega_status ?? "—",
            outcome: t(`platega_transactions.outcome.${result.outcome}`, {
              defaultValue: result.outcome,
            }),
          })}{" "}
          — {result.detail}
        </Text>
      )}
    </div>
  )
}
