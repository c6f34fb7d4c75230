import type { PlategaMethod } from "./providers.js"

/** Every text the kit's components show. Pass `texts` to a component to change any of them. */
export interface PlategaTexts {
  methods: Record<PlategaMethod, string>
  pay: string
  starting: string
  scanQr: string
  openBankApp: string
  openPayerPage: string
  waiting: string
  paid: string
  confirming: string
  notConfirmed: string
  checkAgain: string
  failed: string
  notStarted: string
  tryAgain: string
  orderNumber: (displayId: number | string) => string
  amountDue: string
  /** The label of a payment collection's amount once nothing is due. */
  amount: string
  nothingDue: string
  linkExpires: (time: string) => string
  error: string
}

const en: PlategaTexts = {
  methods: {
    sbp: "SBP (Faster Payments)",
    card: "Bank card",
    sberpay: "SberPay",
    international_card: "Foreign bank card",
    method: "Other method",
    subscription: "Subscription",
  },
  pay: "Pay",
  starting: "Preparing the payment…",
  scanQr: "Scan the QR code with your bank's app",
  openBankApp: "Open the bank app",
  openPayerPage: "Pay on Platega's page",
  waiting: "Waiting for the payment…",
  paid: "Paid. Thank you!",
  confirming: "Confirming the payment…",
  notConfirmed: "The payment is not confirmed yet. If you have paid, check again in a minute.",
  checkAgain: "Check again",
  failed: "The payment did not go through.",
  notStarted: "The payment was not started.",
  tryAgain: "Try again",
  orderNumber: (n) => `Order #${n}`,
  amountDue: "Amount due",
  amount: "Amount",
  nothingDue: "Nothing is owed.",
  linkExpires: (t) => `The payment link is valid until ${t}`,
  error: "Something went wrong",
}

const ru: PlategaTexts = {
  methods: {
    sbp: "СБП",
    card: "Банковская карта",
    sberpay: "SberPay",
    international_card: "Карта иностранного банка",
    method: "Другой способ оплаты",
    subscription: "Подписка",
  },
  pay: "Оплатить",
  starting: "Готовим оплату…",
  scanQr: "Отсканируйте QR-код в приложении банка",
  openBankApp: "Открыть приложение банка",
  openPayerPage: "Оплатить на странице Platega",
  waiting: "Ждём оплату…",
  paid: "Оплачено. Спасибо!",
  confirming: "Подтверждаем оплату…",
  notConfirmed: "Оплата ещё не подтверждена. Если вы уже оплатили, проверьте через минуту.",
  checkAgain: "Проверить ещё раз",
  failed: "Оплата не прошла.",
  notStarted: "Оплата не начата.",
  tryAgain: "Попробовать снова",
  orderNumber: (n) => `Заказ №${n}`,
  amountDue: "К оплате",
  amount: "Сумма",
  nothingDue: "Оплачивать нечего.",
  linkExpires: (t) => `Ссылка на оплату действует до ${t}`,
  error: "Что-то пошло не так",
}

export type PlategaLocale = "en" | "ru"

export const PLATEGA_TEXTS: Record<PlategaLocale, PlategaTexts> = { en, ru }

/** The texts of `locale` with `overrides` on top. */
export function plategaTexts(
  locale: PlategaLocale = "en",
  overrides: Partial<PlategaTexts> = {},
): PlategaTexts {
  const base = PLATEGA_TEXTS[locale] ?? en
  return { ...base, ...overrides, methods: { ...base.methods, ...overrides.methods } }
}
