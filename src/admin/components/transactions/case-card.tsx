import { Button, Drawer, Label, Text, Textarea, toast, usePrompt } from "@medusajs/ui"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "react-router-dom"
import {
  useCancelSupported,
  useSettleCase,
  type AdminCase,
  type AdminTransaction,
} from "../../api/transactions"
import { RecheckAction } from "./recheck"
import { errorMessage, formatters } from "../../i18n/format"

/** The amount of a transaction as the admin reads it. */
export function useAmount() {
  const { i18n } = useTranslation()
  return (t: Pick<AdminTransaction, "amount" | "currency_code">) =>
    t.amount !== undefined && t.currency_code
      ? formatters(i18n.language).money(Number(t.amount), t.currency_code)
      : "—"
}

/** Refund at Platega: asks Platega first whether it can, and says what it costs. */
const RefundAction = ({ tx, item }: { tx: AdminTransaction; item: AdminCase }) => {
  const { t } = useTranslation()
  const prompt = usePrompt()
  const amount = useAmount()
  const [asked, setAsked] = useState(false)
  const check = useCancelSupported(tx.id, asked)
  const settle = useSettleCase(tx.id, item.id)

  const refund = async () => {
    setAsked(true)
    const { data, error } = await check.refetch()
    const answer = data?.cancel_supported
    if (error || !answer) {
      toast.error(t("platega_transactions.actions.refundFailed"), {
        description: error ? errorMessage(error) : undefined,
      })
      return
    }
    if (!answer.supported) {
      toast.error(t("platega_transactions.actions.refundBlocked"), {
        description: answer.blockReason ?? undefined,
      })
      return
    }
    const confirmed = await prompt({
      title: t("platega_transactions.actions.refundTitle"),
      description: t("platega_transactions.actions.refundDescription", {
        amount: amount(tx),
        penalty: answer.penaltyNativeAmount ?? 0,
        currency: answer.penaltyNativeCurrency ?? tx.currency_code ?? "",
      }),
      confirmText: t("platega_transactions.actions.refund"),
      cancelText: t("platega_transactions.actions.cancel"),
    })
    if (!confirmed) return
    settle.mutate(
      { action: "refund" },
      {
        onSuccess: () => toast.success(t("platega_transactions.actions.refunded")),
        onError: (e) =>
          toast.error(t("platega_transactions.actions.refundFailed"), { description: e.message }),
      },
    )
  }

  return (
    <Button
      size="small"
      variant="danger"
      onClick={refund}
      isLoading={settle.isPending || check.isFetching}
      data-testid="case-refund"
    >
      {t("platega_transactions.actions.refund")}
    </Button>
  )
}

/** Mark resolved: a note saying why is required, and kept with who and when. */
const ResolveAction = ({ tx, item }: { tx: AdminTransaction; item: AdminCase }) => {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const [note, setNote] = useState("")
  const settle = useSettleCase(tx.id, item.id)
  const save = () =>
    settle.mutate(
      { action: "resolve", note: note.trim() },
      {
        onSuccess: () => {
          toast.success(t("platega_transactions.actions.resolved"))
          setOpen(false)
          setNote("")
        },
        onError: (e) =>
          toast.error(t("platega_transactions.actions.resolveFailed"), { description: e.message }),
      },
    )
  return (
    <Drawer open={open} onOpenChange={setOpen}>
      <Drawer.Trigger asChild>
        <Button size="small" variant="secondary" data-testid="case-resolve">
          {t("platega_transactions.actions.resolve")}
        </Button>
      </Drawer.Trigger>
      <Drawer.Content data-testid="resolve-drawer">
        <Drawer.Header>
          <Drawer.Title>{t("platega_transactions.resolveForm.title")}</Drawer.Title>
          <Drawer.Description>
            {t("platega_transactions.resolveForm.description")}
          </Drawer.Description>
        </Drawer.Header>
        <Drawer.Body className="flex flex-col gap-y-2">
          <Label htmlFor={`note-${item.id}`}>{t("platega_transactions.resolveForm.note")}</Label>
          <Textarea
            id={`note-${item.id}`}
            value={note}
            maxLength={2000}
            onChange={(e) => setNote(e.target.value)}
            placeholder={t("platega_transactions.resolveForm.placeholder")}
            data-testid="resolve-note"
          />
        </Drawer.Body>
        <Drawer.Footer>
          <Drawer.Close asChild>
            <Button size="small" variant="secondary">
              {t("platega_transactions.actions.cancel")}
            </Button>
          </Drawer.Close>
          <Button
            size="small"
            onClick={save}
            disabled={!note.trim()}
            isLoading={settle.isPending}
            data-testid="resolve-save"
          >
            {t("platega_transactions.resolveForm.save")}
          </Button>
        </Drawer.Footer>
      </Drawer.Content>
    </Drawer>
  )
}

/** Who settled a case, when and how, kept in the history. */
const Resolution = ({ item }: { item: AdminCase }) => {
  const { t, i18n } = useTranslation()
  const r = item.resolution
  if (!r) return null
  return (
    <Text size="small" className="text-ui-fg-subtle" data-testid="case-resolution">
      {t(`platega_transactions.resolution.${r.action}`, {
        who: r.actor_email ?? r.actor_id ?? t("platega_transactions.resolution.someone"),
        when: formatters(i18n.language).dateTime(r.created_at),
      })}
      {r.note ? ` — ${r.note}` : ""}
    </Text>
  )
}

/** One flagged case: what happened and what to do, in words, with the actions at hand. */
export const CaseCard = ({ tx, item }: { tx: AdminTransaction; item: AdminCase }) => {
  const { t, i18n } = useTranslation()
  const amount = useAmount()
  const where = tx.order ? (
    <Link to={`/orders/${tx.order.id}`} className="text-ui-fg-interactive">
      {t("platega_transactions.order", { number: tx.order.display_id })}
    </Link>
  ) : tx.cart_id ? (
    t("platega_transactions.cart", { id: tx.cart_id })
  ) : (
    t("platega_transactions.nowhere")
  )
  return (
    <div
      className="flex flex-col gap-y-2 rounded-lg border p-4"
      data-testid="attention-case"
      data-case-kind={item.kind}
      data-transaction={tx.id}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Text size="small" weight="plus">
          {t(`platega_transactions.case.${item.kind}.title`)} · {amount(tx)} · {where}
        </Text>
        <Text size="xsmall" className="text-ui-fg-muted">
          {formatters(i18n.language).dateTime(item.created_at)}
        </Text>
      </div>
      <Text size="small" data-testid="case-what">
        {t(`platega_transactions.case.${item.kind}.what`, { id: tx.id })}
      </Text>
      <Text size="small" className="text-ui-fg-subtle" data-testid="case-todo">
        {t(`platega_transactions.case.${item.kind}.todo`)}
      </Text>
      {item.kind === "other" && item.detail && (
        <Text size="xsmall" className="text-ui-fg-muted">
          {item.detail}
        </Text>
      )}
      {item.resolution ? (
        <Resolution item={item} />
      ) : (
        <div className="flex flex-wrap gap-2">
          {item.refundable && <RefundAction tx={tx} item={item} />}
          <ResolveAction tx={tx} item={item} />
          <RecheckAction id={tx.id} />
        </div>
      )}
    </div>
  )
}
