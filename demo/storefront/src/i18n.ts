/// <reference lib="dom" />
// Russian first (Platega's shoppers), English one click away. Tests select by data-testid, never
// by these texts.

const ru = {
  products: "Товары",
  addToCart: "В корзину",
  added: "Добавлено",
  cart: "Корзина",
  cartEmpty: "Корзина пуста",
  total: "Итого",
  shipping: "Доставка",
  free: "бесплатно",
  checkout: "Оформить заказ",
  remove: "Убрать",
  contact: "Контакты",
  email: "E-mail",
  firstName: "Имя",
  lastName: "Фамилия",
  phone: "Телефон",
  address: "Адрес",
  city: "Город",
  postalCode: "Индекс",
  country: "Страна",
  russia: "Россия",
  payment: "Оплата",
  sbp: "СБП (QR-код)",
  sbpHint: "Оплата через приложение банка по QR-коду",
  card: "Банковская карта",
  cardHint: "МИР, Visa, Mastercard",
  pay: "Оплатить",
  paying: "Переходим к оплате…",
  noProviders: "В регионе нет способов оплаты Platega",
  back: "← Назад в магазин",
  checkingPayment: "Проверяем оплату…",
  thanks: "Спасибо! Заказ оформлен",
  orderNumber: "Номер заказа",
  status: "Статус",
  paymentStatus: "Оплата",
  continueShopping: "Продолжить покупки",
  failed: "Оплата не прошла",
  failedText: "Деньги не списаны. Можно попробовать ещё раз или выбрать другой способ оплаты.",
  tryAgain: "Попробовать ещё раз",
  reasonCanceled: "Platega сообщает: платёж отклонён или отменён (CANCELED).",
  reasonChargebacked: "Platega сообщает: деньги по этому платежу возвращены (CHARGEBACKED).",
  reasonPending: "Platega сообщает: платёж ещё не оплачен (PENDING).",
  reasonOther: "Platega сообщает статус платежа: {status}.",
  stillPending: "Платёж ещё не подтверждён",
  stillPendingText: "Банк ещё не прислал подтверждение. Проверьте ещё раз через минуту.",
  checkAgain: "Проверить ещё раз",
  noCart: "Корзина не найдена",
  loading: "Загрузка…",
  error: "Ошибка",
  footer:
    "Демо-магазин плагина medusa-payment-platega. Платежи идут в локальную песочницу Platega.",
  account: "Мой кабинет",
  signIn: "Войти",
  register: "Зарегистрироваться",
  password: "Пароль",
  signInHint: "Войдите или зарегистрируйтесь, чтобы оформить подписку и управлять ею.",
  signOut: "Выйти",
  mySubscriptions: "Мои подписки",
  noSubscriptions: "Подписок пока нет.",
  subscription: "Подписка",
  subscribe: "Подписаться",
  perMonth: "в месяц",
  signInToSubscribe: "Войдите, чтобы подписаться",
  subscriptionPay: "Подписка через СБП",
  subscriptionHint: "Привяжите счёт в банке один раз; Platega будет списывать оплату каждый месяц",
  nextCharge: "Следующее списание",
  orders: "Заказы",
  cancelledOn: "Отменена",
  cancelSubscription: "Отменить подписку",
  finishSubscriptionText: "Привязали счёт в Platega?",
  finishSubscription: "Завершить оформление подписки",
  subscriptionOrderedText: "Подписка оформлена, заказ создан.",
  seeSubscriptionOrder: "Посмотреть заказ",
  cancelConfirm: "Отменить подписку? Platega больше не будет списывать деньги.",
  language: "EN",
}

type Dictionary = typeof ru

const en: Dictionary = {
  products: "Products",
  addToCart: "Add to cart",
  added: "Added",
  cart: "Cart",
  cartEmpty: "Your cart is empty",
  total: "Total",
  shipping: "Shipping",
  free: "free",
  checkout: "Checkout",
  remove: "Remove",
  contact: "Contact",
  email: "E-mail",
  firstName: "First name",
  lastName: "Last name",
  phone: "Phone",
  address: "Address",
  city: "City",
  postalCode: "Postal code",
  country: "Country",
  russia: "Russia",
  payment: "Payment",
  sbp: "SBP QR",
  sbpHint: "Pay in your banking app by scanning a QR code",
  card: "Card",
  cardHint: "MIR, Visa, Mastercard",
  pay: "Pay",
  paying: "Taking you to the payment page…",
  noProviders: "This region has no Platega payment methods",
  back: "← Back to the shop",
  checkingPayment: "Checking the payment…",
  thanks: "Thank you! Your order is placed",
  orderNumber: "Order number",
  status: "Status",
  paymentStatus: "Payment",
  continueShopping: "Continue shopping",
  failed: "Payment failed",
  failedText: "No money was taken. Try again or choose another payment method.",
  tryAgain: "Try again",
  reasonCanceled: "Platega says: the payment was declined or cancelled (CANCELED).",
  reasonChargebacked: "Platega says: the money of this payment was returned (CHARGEBACKED).",
  reasonPending: "Platega says: the payment has not been paid (PENDING).",
  reasonOther: "Platega reports the payment as {status}.",
  stillPending: "Payment not confirmed yet",
  stillPendingText: "The bank has not confirmed the payment yet. Check again in a minute.",
  checkAgain: "Check again",
  noCart: "Cart not found",
  loading: "Loading…",
  error: "Error",
  footer: "Demo shop of the medusa-payment-platega plugin. Payments go to a local Platega sandbox.",
  account: "My account",
  signIn: "Sign in",
  register: "Register",
  password: "Password",
  signInHint: "Sign in or register to subscribe and manage your subscriptions.",
  signOut: "Sign out",
  mySubscriptions: "My subscriptions",
  noSubscriptions: "No subscriptions yet.",
  subscription: "Subscription",
  subscribe: "Subscribe",
  perMonth: "a month",
  signInToSubscribe: "Sign in to subscribe",
  subscriptionPay: "Subscription by SBP",
  subscriptionHint: "Link your bank account once; Platega charges it every month",
  nextCharge: "Next charge",
  orders: "Orders",
  cancelledOn: "Cancelled on",
  cancelSubscription: "Cancel subscription",
  finishSubscriptionText: "Linked your account at Platega?",
  finishSubscription: "Finish your subscription order",
  subscriptionOrderedText: "Your subscription is set up and its order placed.",
  seeSubscriptionOrder: "See the order",
  cancelConfirm: "Cancel this subscription? Platega will stop charging you.",
  language: "RU",
}

export type Lang = "ru" | "en"
const LANG_KEY = "platega_demo_lang"

export function lang(): Lang {
  const fromUrl = new URLSearchParams(location.search).get("lang")
  if (fromUrl === "en" || fromUrl === "ru") localStorage.setItem(LANG_KEY, fromUrl)
  return localStorage.getItem(LANG_KEY) === "en" ? "en" : "ru"
}

export function toggleLang(): void {
  localStorage.setItem(LANG_KEY, lang() === "ru" ? "en" : "ru")
}

const STATUS: Record<Lang, Record<string, string>> = {
  ru: {
    pending: "принят",
    completed: "выполнен",
    canceled: "отменён",
    captured: "оплачен",
    authorized: "авторизован",
    not_paid: "не оплачен",
    refunded: "возвращён",
  },
  en: {
    pending: "received",
    completed: "completed",
    canceled: "canceled",
    captured: "paid",
    authorized: "authorized",
    not_paid: "not paid",
    refunded: "refunded",
  },
}

/** A Medusa order or payment status in words; unknown values are shown as they are. */
export function statusText(raw: string | undefined): string {
  return raw ? (STATUS[lang()][raw] ?? raw) : ""
}

export function t(key: keyof Dictionary): string {
  return (lang() === "en" ? en : ru)[key]
}

/** Platega's subscription statuses, as the shopper reads them. */
const SUBSCRIPTION_STATUS: Record<Lang, Record<string, string>> = {
  ru: {
    PendingAgreement: "ждёт привязки",
    Active: "активна",
    PastDue: "списание не прошло",
    Cancelled: "отменена",
    Failed: "не оформлена",
  },
  en: {
    PendingAgreement: "awaiting binding",
    Active: "active",
    PastDue: "payment failed",
    Cancelled: "cancelled",
    Failed: "not set up",
  },
}

export function subscriptionStatusText(raw: string): string {
  return SUBSCRIPTION_STATUS[lang()][raw] ?? raw
}

/** A plan's unit in Russian after "раз в": one (accusative), few, many. */
const RU_UNITS: Record<string, [string, string, string]> = {
  day: ["день", "дня", "дней"],
  week: ["неделю", "недели", "недель"],
  month: ["месяц", "месяца", "месяцев"],
  year: ["год", "года", "лет"],
}

const RU_PLURAL = new Intl.PluralRules("ru")

function ruPlural(n: number, [one, few, many]: [string, string, string]): string {
  const form = RU_PLURAL.select(n)
  return form === "one" ? one : form === "few" ? few : many
}

/** A plan's schedule in words: "every month", "every 3 months"; "раз в месяц", "раз в 3 месяца". */
export function everyText(interval: string, count: number): string {
  if (lang() === "en") return count > 1 ? `every ${count} ${interval}s` : `every ${interval}`
  const forms = RU_UNITS[interval]
  if (!forms) return `${count} × ${interval}`
  return count > 1 ? `раз в ${count} ${ruPlural(count, forms)}` : `раз в ${forms[0]}`
}
