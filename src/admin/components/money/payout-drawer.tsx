import {
  Button,
  Drawer,
  Hint,
  Input,
  Label,
  RadioGroup,
  Select,
  Text,
  toast,
  usePrompt,
} from "@medusajs/ui"
import { useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import {
  CARD_NUMBER_DIGITS,
  isValidCardNumber,
  maskCardNumber,
  normalizeCardNumber,
} from "../../../lib/platega/card-number"
import {
  useBalances,
  useCreatePayout,
  useSavedCards,
  type Payout,
  type PayoutRequest,
} from "../../api/money"
import { errorMessage, formatters } from "../../i18n/format"

type Limits = { min: number; max: number }
type Source = "saved" | "typed"

/**
 * The payout form. Each time it opens it gets a fresh Idempotency-Key, shown on the form; while
 * it stays open every submit uses that key, so a double click, a retry after a lost answer or a
 * second submit of the same form pays at most once. A confirmation repeats the amount and card.
 */
export const PayoutDrawer = ({ limits, disabled }: { limits: Limits; disabled: boolean }) => {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const [formKey, setFormKey] = useState(0)

  return (
    <Drawer
      open={open}
      onOpenChange={(next) => {
        setOpen(next)
        if (next) setFormKey((k) => k + 1) // a new form, a new key
      }}
    >
      <Drawer.Trigger asChild>
        <Button size="small" variant="secondary" disabled={disabled} data-testid="new-payout">
          {t("platega_money.payouts.new")}
        </Button>
      </Drawer.Trigger>
      <Drawer.Content data-testid="payout-drawer">
        <Drawer.Header>
          <Drawer.Title>{t("platega_money.form.title")}</Drawer.Title>
          <Drawer.Description>{t("platega_money.form.description")}</Drawer.Description>
        </Drawer.Header>
        {open && <PayoutForm key={formKey} limits={limits} onDone={() => setOpen(false)} />}
      </Drawer.Content>
    </Drawer>
  )
}

const PayoutForm = ({ limits, onDone }: { limits: Limits; onDone: () => void }) => {
  const { t, i18n } = useTranslation()
  const prompt = usePrompt()
  const [idempotencyKey] = useState(() => crypto.randomUUID())
  const [source, setSource] = useState<Source>("saved")
  const [cardId, setCardId] = useState("")
  const [cardNumber, setCardNumber] = useState("")
  const [amountText, setAmountText] = useState("")
  const [showErrors, setShowErrors] = useState(false)
  const cards = useSavedCards(true)
  const balances = useBalances()
  const create = useCreatePayout()

  const rub = balances.data?.balances.find((b) => b.currency_code === "rub")
  const money = (n: number) => formatters(i18n.language).money(n, "rub")
  // Limits are whole rubles: "1 000 ₽", not "1 000,00 ₽".
  const rubles = (n: number) => formatters(i18n.language).money(n, "rub", { whole: true })
  const amount = /^\d+$/.test(amountText.trim()) ? Number(amountText.trim()) : NaN
  const digits = normalizeCardNumber(cardNumber)
  const card = cards.data?.cards.find((c) => c.id === cardId)

  const errors = {
    card:
      source === "saved"
        ? card
          ? undefined
          : t("platega_money.form.invalid.card")
        : !/^\d+$/.test(digits) ||
            digits.length < CARD_NUMBER_DIGITS.min ||
            digits.length > CARD_NUMBER_DIGITS.max
          ? t("platega_money.form.invalid.digits")
          : isValidCardNumber(digits)
            ? undefined
            : t("platega_money.form.invalid.luhn"),
    amount: !(amount >= limits.min && amount <= limits.max)
      ? t("platega_money.form.invalid.amount", { min: rubles(limits.min), max: rubles(limits.max) })
      : rub && amount > rub.amount
        ? t("platega_money.form.invalid.balance")
        : undefined,
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setShowErrors(true)
    if (errors.card || errors.amount) return
    const masked = source === "saved" ? card!.masked : maskCardNumber(digits)
    const confirmed = await prompt({
      title: t("platega_money.confirm.title", { amount: money(amount) }),
      description: t("platega_money.confirm.description", { amount: money(amount), card: masked }),
      confirmText: t("platega_money.confirm.action"),
      cancelText: t("platega_money.confirm.cancel"),
      variant: "confirmation",
    })
    if (!confirmed) return
    const body: PayoutRequest =
      source === "saved" ? { amount, card_id: cardId } : { amount, card_number: digits }
    try {
      const { payout } = await create.mutateAsync({ key: idempotencyKey, body })
      announce(payout)
      onDone()
    } catch (err) {
      // Nothing recorded for this key, or no answer: the form stays open with the same key.
      toast.error(t("platega_money.toasts.error", { message: errorMessage(err) }))
    }
  }

  const announce = (payout: Payout) => {
    const values = { amount: money(payout.amount), card: payout.card_masked }
    if (payout.status === "created") toast.success(t("platega_money.toasts.created", values))
    else if (payout.status === "failed")
      toast.error(t("platega_money.toasts.failed", { message: payout.error?.message ?? "" }))
    else if (payout.status === "unknown") toast.warning(t("platega_money.toasts.unknown"))
    else toast.info(t("platega_money.toasts.pending"))
  }

  return (
    <form
      onSubmit={submit}
      className="flex flex-1 flex-col overflow-hidden"
      data-testid="payout-form"
      data-idempotency-key={idempotencyKey}
    >
      <Drawer.Body className="flex flex-col gap-y-6 overflow-y-auto">
        <div className="flex flex-col gap-y-2">
          <Label size="small" weight="plus">
            {t("platega_money.form.cardSource")}
          </Label>
          <RadioGroup value={source} onValueChange={(v) => setSource(v as Source)}>
            {(["saved", "typed"] as const).map((s) => (
              <div key={s} className="flex items-center gap-x-2">
                <RadioGroup.Item value={s} id={`payout-source-${s}`} data-testid={`source-${s}`} />
                <Label htmlFor={`payout-source-${s}`} size="small">
                  {t(
                    s === "saved" ? "platega_money.form.savedCard" : "platega_money.form.typedCard",
                  )}
                </Label>
              </div>
            ))}
          </RadioGroup>
        </div>

        {source === "saved" ? (
          <div className="flex flex-col gap-y-2">
            <Label size="small" weight="plus">
              {t("platega_money.form.savedCard")}
            </Label>
            {cards.data?.cards.length === 0 ? (
              <Text size="small" className="text-ui-fg-subtle">
                {t("platega_money.form.noActiveCards")}
              </Text>
            ) : (
              <Select value={cardId} onValueChange={setCardId}>
                <Select.Trigger data-testid="payout-card-select">
                  <Select.Value placeholder={t("platega_money.form.chooseCard")} />
                </Select.Trigger>
                <Select.Content>
                  {cards.data?.cards.map((c) => (
                    <Select.Item key={c.id} value={c.id}>
                      {[c.masked, c.brand, c.label].filter(Boolean).join(" · ")}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select>
            )}
            {showErrors && errors.card && <Hint variant="error">{errors.card}</Hint>}
          </div>
        ) : (
          <TextField
            id="payout-card-number"
            label={t("platega_money.form.cardNumber")}
            placeholder="2200 0000 0000 0000"
            value={cardNumber}
            onChange={setCardNumber}
            error={showErrors ? errors.card : undefined}
            hint={t("platega_money.form.cardNumberHint")}
          />
        )}

        <TextField
          id="payout-amount"
          label={t("platega_money.form.amount")}
          value={amountText}
          onChange={setAmountText}
          error={showErrors ? errors.amount : undefined}
          hint={t("platega_money.form.amountHint", {
            min: rubles(limits.min),
            max: rubles(limits.max),
            available: rub ? money(rub.amount) : "—",
          })}
        />

        {/* The key itself means nothing to an owner: only what it guarantees is said. */}
        <Hint>{t("platega_money.form.keyHint")}</Hint>
      </Drawer.Body>
      <Drawer.Footer>
        <Drawer.Close asChild>
          <Button size="small" variant="secondary" type="button">
            {t("platega_money.form.cancel")}
          </Button>
        </Drawer.Close>
        <Button size="small" type="submit" isLoading={create.isPending} data-testid="payout-submit">
          {t("platega_money.form.submit")}
        </Button>
      </Drawer.Footer>
    </form>
  )
}

/** A numeric text field with its label, and its error in place of the hint once there is one. */
const TextField = (props: {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  error?: string
  hint: string
  placeholder?: string
}) => (
  <div className="flex flex-col gap-y-2">
    <Label htmlFor={props.id} size="small" weight="plus">
      {props.label}
    </Label>
    <Input
      id={props.id}
      inputMode="numeric"
      autoComplete="off"
      placeholder={props.placeholder}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      aria-invalid={!!props.error}
      data-testid={props.id}
    />
    {props.error ? <Hint variant="error">{props.error}</Hint> : <Hint>{props.hint}</Hint>}
  </div>
)
