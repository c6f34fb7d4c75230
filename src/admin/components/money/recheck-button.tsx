import { Button, Input, Prompt, toast } from "@medusajs/ui"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { isValidCardNumber, normalizeCardNumber } from "../../../lib/platega/card-number"
import { useRecheckPayout, type Payout } from "../../api/money"
import { errorMessage, formatters } from "../../i18n/format"

/**
 * Re-check of a payout whose outcome is unknown: the same key and request again. A payout to a
 * typed card asks for the number again (it is not stored).
 */
export const RecheckButton = ({ payout }: { payout: Payout }) => {
  const { t, i18n } = useTranslation()
  const [open, setOpen] = useState(false)
  const [cardNumber, setCardNumber] = useState("")
  const recheck = useRecheckPayout()
  const typed = payout.card_source === "typed"
  const digits = normalizeCardNumber(cardNumber)

  const run = async () => {
    try {
      const { payout: after } = await recheck.mutateAsync({
        id: payout.id,
        card_number: typed ? digits : undefined,
      })
      const values = {
        amount: formatters(i18n.language).money(after.amount, "rub"),
        card: after.card_masked,
      }
      if (after.status === "created") toast.success(t("platega_money.toasts.created", values))
      else if (after.status === "failed")
        toast.error(t("platega_money.toasts.failed", { message: after.error?.message ?? "" }))
      else toast.warning(t("platega_money.toasts.unknown"))
      setOpen(false)
      setCardNumber("")
    } catch (e) {
      toast.error(t("platega_money.toasts.error", { message: errorMessage(e) }))
    }
  }

  return (
    <Prompt open={open} onOpenChange={setOpen} variant="confirmation">
      <Prompt.Trigger asChild>
        <Button size="small" variant="secondary" data-testid="payout-recheck">
          {t("platega_money.payouts.recheck")}
        </Button>
      </Prompt.Trigger>
      <Prompt.Content>
        <Prompt.Header>
          <Prompt.Title>{t("platega_money.recheck.title")}</Prompt.Title>
          <Prompt.Description>
            {typed
              ? t("platega_money.recheck.typedDescription", { card: payout.card_masked })
              : t("platega_money.recheck.description", { key: payout.idempotency_key })}
          </Prompt.Description>
        </Prompt.Header>
        {typed && (
          <div className="px-6 pb-2">
            <Input
              inputMode="numeric"
              autoComplete="off"
              placeholder={payout.card_masked}
              value={cardNumber}
              onChange={(e) => setCardNumber(e.target.value)}
              data-testid="recheck-card-number"
            />
          </div>
        )}
        <Prompt.Footer>
          <Prompt.Cancel>{t("platega_money.recheck.cancel")}</Prompt.Cancel>
          <Prompt.Action
            disabled={recheck.isPending || (typed && !isValidCardNumber(digits))}
            onClick={(e) => {
              e.preventDefault() // stays open until the answer is in
              void run()
            }}
          >
            {t("platega_money.recheck.action")}
          </Prompt.Action>
        </Prompt.Footer>
      </Prompt.Content>
    </Prompt>
  )
}
