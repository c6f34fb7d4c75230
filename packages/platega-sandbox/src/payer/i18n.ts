import type { Lang } from "../shared/html"
import type { DeclineReason } from "../transactions/types"

// Every text of the payer's pages, in Russian and English. A payer's page speaks the browser's
// language (or ?lang=); amounts and dates follow that language's conventions.

const en = {
  banner: "Platega sandbox: no real money moves.",
  payBySbp: "Pay by SBP",
  payByCard: "Pay by card",
  payBy: "Pay by {method}",
  chooseMethod: "Choose a payment method",
  anyMethod: "any method",
  method: "Method",
  payBefore: "Pay before",
  timeLeft: "Time left",
  timeIsUp: "The time to pay is over.",
  scanQr: "Scan the QR code with your banking app, or use the buttons to play the payer.",
  qrAlt: "SBP QR code",
  pay: "Pay",
  payAmount: "Pay {amount}",
  decline: "Decline",
  cardNumber: "Card number",
  expiry: "Expiry (MM/YY)",
  cvc: "CVC",
  holder: "Card holder",
  testCards: "Test cards",
  testCardsNote:
    "(any future expiry, any CVC). Any other number that passes the Luhn check succeeds.",
  cardOk: "succeeds (CONFIRMED)",
  cardOkMir: "succeeds (CONFIRMED, MIR)",
  cardDeclined: "is declined (CANCELED: card declined)",
  cardNoFunds: "is declined (CANCELED: insufficient funds)",
  cardProcessing: "fails with a processing error: the payment stays PENDING, try again",
  badNumber: "The card number is not valid.",
  badExpiry: "Enter the expiry as MM/YY.",
  cardExpired: "The card has expired.",
  badCvc: "The CVC must be 3 or 4 digits.",
  processingError: "Processing error: nothing was charged, please try again.",
  sbpOption: "SBP (QR)",
  cardOption: "Bank card",
  useCardForm: "Use the card form (or choose a method) to pay this payment.",
  notCard: "This payment is not a card payment.",
  chooseSbpOrCard: "Choose SBP (2) or card (11) on a payment link that has no method yet.",
  status: "Status",
  reason: "Reason",
  reference: "Reference",
  backToShop: "Back to the shop",
  isFinal: "This payment is already {status}.",
  isNow: "This payment is {status}.",
  expired: "This payment has expired and can no longer be paid.",
  notFound: "Payment not found",
  notFoundText: "There is no payment or subscription {id}.",
  subscriptionSetup: "Set up a subscription",
  bindBefore: "Bind before",
  firstChargeNow: "The first charge is made at once.",
  email: "E-mail for receipts",
  failRenewals:
    "Simulate insufficient funds on renewals (the first charge succeeds, later ones fail)",
  bind: "Bind account",
  badEmail: "Enter a valid e-mail address or leave it empty.",
  subscriptionIs: "This subscription is {status}.",
  subscriptionIsFinal: "This subscription is already {status}.",
  cancelTitle: "Cancel the subscription",
  cancelText: "The subscription will be cancelled and no further charges will be made.",
  cancelButton: "Cancel the subscription",
  cancelled: "The subscription is cancelled. The shop has been told.",
  cannotCancel: "This subscription cannot be cancelled: it is {status}.",
  nextCharge: "Next charge",
  schedule: "Schedule",
  state: {
    PENDING: "Awaiting payment",
    CONFIRMED: "Payment received",
    CANCELED: "Payment declined",
    CHARGEBACKED: "Payment refunded",
    PendingAgreement: "Subscription awaiting consent",
    Active: "Subscription active",
    PastDue: "Subscription payment overdue",
    Cancelled: "Subscription cancelled",
    Failed: "Subscription not set up",
  } as Record<string, string>,
  declined: {
    card_declined: "The bank declined the card •••• {last4}.",
    insufficient_funds: "Not enough money on the card •••• {last4}.",
    payer: "You declined the payment.",
    expired: "The time to pay ran out.",
    control: "Declined in the sandbox (dashboard or control API).",
    charge_failed: "The subscription charge did not go through.",
  } as Record<DeclineReason, string>,
}

export type Texts = typeof en

const ru: Texts = {
  banner: "Песочница Platega: настоящие деньги не списываются.",
  payBySbp: "Оплата через СБП",
  payByCard: "Оплата картой",
  payBy: "Оплата: {method}",
  chooseMethod: "Выберите способ оплаты",
  anyMethod: "любой способ",
  method: "Способ",
  payBefore: "Оплатите до",
  timeLeft: "Осталось",
  timeIsUp: "Время на оплату истекло.",
  scanQr:
    "Отсканируйте QR-код в приложении банка или нажмите кнопку, чтобы сыграть роль плательщика.",
  qrAlt: "QR-код СБП",
  pay: "Оплатить",
  payAmount: "Оплатить {amount}",
  decline: "Отказаться",
  cardNumber: "Номер карты",
  expiry: "Срок действия (ММ/ГГ)",
  cvc: "CVC",
  holder: "Владелец карты",
  testCards: "Тестовые карты",
  testCardsNote:
    "(любой будущий срок, любой CVC). Любой другой номер, проходящий проверку Луна, оплачивает.",
  cardOk: "оплата проходит (CONFIRMED)",
  cardOkMir: "оплата проходит (CONFIRMED, МИР)",
  cardDeclined: "отказ (CANCELED: карта отклонена)",
  cardNoFunds: "отказ (CANCELED: недостаточно средств)",
  cardProcessing: "ошибка обработки: платёж остаётся PENDING, повторите",
  badNumber: "Номер карты указан неверно.",
  badExpiry: "Укажите срок действия в виде ММ/ГГ.",
  cardExpired: "Срок действия карты истёк.",
  badCvc: "CVC — это 3 или 4 цифры.",
  processingError: "Ошибка обработки: деньги не списаны, попробуйте ещё раз.",
  sbpOption: "СБП (QR)",
  cardOption: "Банковская карта",
  useCardForm: "Оплатите этот платёж через форму карты (или выберите способ).",
  notCard: "Это не платёж картой.",
  chooseSbpOrCard: "Выберите СБП (2) или карту (11) для ссылки без способа оплаты.",
  status: "Статус",
  reason: "Причина",
  reference: "Номер операции",
  backToShop: "Вернуться в магазин",
  isFinal: "Этот платёж уже в статусе {status}.",
  isNow: "Статус платежа: {status}.",
  expired: "Срок оплаты истёк, оплатить этот платёж уже нельзя.",
  notFound: "Платёж не найден",
  notFoundText: "Платежа или подписки {id} нет.",
  subscriptionSetup: "Оформление подписки",
  bindBefore: "Привяжите счёт до",
  firstChargeNow: "Первое списание — сразу после привязки.",
  email: "E-mail для чеков",
  failRenewals:
    "Имитировать нехватку средств при продлении (первое списание пройдёт, следующие — нет)",
  bind: "Привязать счёт",
  badEmail: "Укажите верный e-mail или оставьте поле пустым.",
  subscriptionIs: "Статус подписки: {status}.",
  subscriptionIsFinal: "Подписка уже в статусе {status}.",
  cancelTitle: "Отмена подписки",
  cancelText: "Подписка будет отменена, списаний больше не будет.",
  cancelButton: "Отменить подписку",
  cancelled: "Подписка отменена. Магазин получил уведомление.",
  cannotCancel: "Эту подписку нельзя отменить: её статус {status}.",
  nextCharge: "Следующее списание",
  schedule: "Периодичность",
  state: {
    PENDING: "Ожидает оплаты",
    CONFIRMED: "Оплата получена",
    CANCELED: "Оплата не прошла",
    CHARGEBACKED: "Деньги возвращены",
    PendingAgreement: "Подписка ждёт согласия",
    Active: "Подписка оформлена",
    PastDue: "Просрочено списание по подписке",
    Cancelled: "Подписка отменена",
    Failed: "Подписка не оформлена",
  },
  declined: {
    card_declined: "Банк отклонил карту •••• {last4}.",
    insufficient_funds: "Недостаточно средств на карте •••• {last4}.",
    payer: "Вы отказались от оплаты.",
    expired: "Время на оплату истекло.",
    control: "Отклонено в песочнице (панель или управляющий API).",
    charge_failed: "Списание по подписке не прошло.",
  },
}

const TEXTS: Record<Lang, Texts> = { en, ru }

export function texts(lang: Lang): Texts {
  return TEXTS[lang]
}

export { fill } from "../shared/html"

export function formatMoney(lang: Lang, amount: number, currency: string): string {
  if (lang === "en") return `${amount.toFixed(2)} ${currency}`
  try {
    return new Intl.NumberFormat("ru-RU", { style: "currency", currency }).format(amount)
  } catch {
    return `${amount.toFixed(2)} ${currency}`
  }
}

const UNITS_EN: Record<string, string> = { Day: "Day", Week: "Week", Month: "Month", Year: "Year" }
// [one, few, many] for "каждые N …"; "каждый/каждую …" for N = 1.
const UNITS_RU: Record<string, { one: string; forms: [string, string, string] }> = {
  Day: { one: "каждый день", forms: ["день", "дня", "дней"] },
  Week: { one: "каждую неделю", forms: ["неделю", "недели", "недель"] },
  Month: { one: "каждый месяц", forms: ["месяц", "месяца", "месяцев"] },
  Year: { one: "каждый год", forms: ["год", "года", "лет"] },
}

const RU_PLURAL = new Intl.PluralRules("ru")

function ruPlural(n: number, [one, few, many]: [string, string, string]): string {
  const rule = RU_PLURAL.select(n)
  return rule === "one" ? one : rule === "few" ? few : many
}

/** "every 1 Month" / "каждый месяц", "every 2 Weeks" / "каждые 2 недели". */
export function schedule(lang: Lang, count: number, unit: string): string {
  if (lang === "en") return `every ${count} ${UNITS_EN[unit]}${count > 1 ? "s" : ""}`
  const u = UNITS_RU[unit]
  if (count === 1) return u.one
  const every = ruPlural(count, ["каждый", "каждые", "каждые"])
  return `${every} ${count} ${ruPlural(count, u.forms)}`
}

/** A server-side rendering of an instant (UTC); the page's script shows it in the payer's zone. */
export function utcText(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`
}
