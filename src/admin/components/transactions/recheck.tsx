import { Button, Text, toast } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { useRecheck, type Recheck } from "../../api/transactions"

/** Re-check now: Platega's answer again, through the reconciliation job's workflow; shows what it found. */
/** What a re-check found, in the glossary's words: a paid one names its order. */
function useRecheckText() {
  const { t } = useTranslation()
  return (r: Recheck) => {
    const status = r.platega_status
      ? t(`platega_transactions.status.${r.platega_status}`, { defaultValue: r.platega_status })
      : "—"
    if (r.outcome === "captured" && r.order_display_id != null)
      return t("platega_transactions.recheck.paidOrder", { status, order: r.order_display_id })
    return t("platega_transactions.recheck.result", {
      status,
      outcome: t(`platega_transactions.outcome.${r.outcome}`, { defaultValue: r.outcome }),
    })
  }
}

export const RecheckAction = ({ id, showResult }: { id: string; showResult?: boolean }) => {
  const { t } = useTranslation()
  const recheck = useRecheck(id)
  const text = useRecheckText()
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
            onSuccess: ({ recheck: r }) => toast.info(text(r), { description: r.detail }),
            onError: (e) =>
              toast.error(t("platega_transactions.recheck.failed"), { description: e.message }),
          })
        }
      >
        {t("platega_transactions.recheck.action")}
      </Button>
      {showResult && result && (
        <Text size="xsmall" className="text-ui-fg-subtle" data-testid="recheck-result">
          {text(result)} — {result.detail}
        </Text>
      )}
    </div>
  )
}
