import { classifyTransactionStatus } from "../../lib/platega/codes"

/**
 * A flagged callback (`outcome = flagged`) is a case for a person: money that could not become an
 * order by itself. This file names the kinds of case and says, in words, what happened; the admin
 * page and the notification read it from here.
 */
export const CASE_KINDS = [
  /** Paid, but the transaction matches no payment session of this store. */
  "unmatched_payment",
  /** Paid for a session, but the amount or currency differs: no order was made. */
  "payment_mismatch",
  /** Paid after its payment session was abandoned or started again: no order was made. */
  "paid_after_abandon",
  /**
   * A payment link paid after its order's debt was paid or changed: the money is an extra payment
   * on the order (refunded from the order if it is not owed).
   */
  "link_extra_payment",
  /** Money went back to the payer (refund at Platega, or a dispute) after the order was paid. */
  "chargeback",
  /** Anything else flagged (e.g. by a newer part of the plugin): its detail says what. */
  "other",
] as const
export type CaseKind = (typeof CASE_KINDS)[number]

/** What a case needs from the callback log record. */
export interface FlaggedEvent {
  id: string
  kind: string
  platega_id: string
  status: string
  body: Record<string, unknown> | null
  session_id: string | null
  order_id: string | null
  detail: string | null
  /** Decided where the record was flagged; older records have none (inferred below). */
  case_kind?: string | null
}

export function caseKind(e: FlaggedEvent): CaseKind {
  if ((CASE_KINDS as readonly string[]).includes(e.case_kind ?? "")) return e.case_kind as CaseKind
  const state = classifyTransactionStatus(e.status)
  if (state === "reversed") return "chargeback"
  if (e.kind !== "transaction" || state !== "confirmed") return "other"
  return e.session_id ? "payment_mismatch" : "unmatched_payment"
}

/**
 * Whether "Refund at Platega" is offered: paid money that no order holds. Money an order holds is
 * refunded from the order (Medusa's refund), money already returned needs no refund.
 */
export function isRefundable(e: FlaggedEvent): boolean {
  const kind = caseKind(e)
  return (
    (kind === "unmatched_payment" ||
      kind === "payment_mismatch" ||
      kind === "paid_after_abandon") &&
    !e.order_id
  )
}

/** Amount and currency as the callback carried them (transaction: camelCase; charge: PascalCase). */
export function eventMoney(e: Pick<FlaggedEvent, "body">): { amount: string; currency: string } {
  const b = e.body ?? {}
  const amount = b.amount ?? b.Amount
  const currency = b.currency ?? b.Currency
  return {
    amount: typeof amount === "number" || typeof amount === "string" ? String(amount) : "?",
    currency: typeof currency === "string" ? currency.toUpperCase() : "",
  }
}

/** Where the money belongs, as far as the store knows. */
export interface CaseWhere {
  order_display_id?: number | null
  cart_id?: string | null
}

export interface CaseNotice {
  title: string
  description: string
}

function formatAmount(amount: string, currency: string, locale: string): string {
  const n = Number(amount)
  if (!Number.isFinite(n)) return `${amount} ${currency}`.trim()
  try {
    return new Intl.NumberFormat(locale, {
      style: "currency",
      currency,
      maximumFractionDigits: 2,
    }).format(n)
  } catch {
    return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(n)} ${currency}`
  }
}

const WHAT: Record<"en" | "ru", Record<CaseKind, string>> = {
  en: {
    unmatched_payment: "was paid but matches no payment session of this store",
    payment_mismatch: "was paid with another amount or currency than the cart: it made no order",
    paid_after_abandon:
      "was paid after its checkout was abandoned or started again: it made no order",
    link_extra_payment:
      "was paid by a payment link the order no longer needed: it is an extra payment on the order, refund it from the order if it is not owed",
    chargeback: "went back to the payer after the order was paid (refund or dispute)",
    other: "needs a look",
  },
  ru: {
    unmatched_payment: "оплачен, но не соответствует ни одной платёжной сессии магазина",
    payment_mismatch:
      "оплачен на другую сумму или в другой валюте, чем корзина: заказа по нему нет",
    paid_after_abandon:
      "оплачен после того, как оформление брошено или начато заново: заказа по нему нет",
    link_extra_payment:
      "оплачен по платёжной ссылке, которая заказу уже не нужна: это лишний платёж по заказу, верните его из заказа, если он не причитается",
    chargeback: "вернулся плательщику после оплаты заказа (возврат или спор)",
    other: "требует проверки",
  },
}

/** The admin feed's text for a new case, in `language`, naming the amount and the order or cart. */
export function caseNotice(
  e: FlaggedEvent,
  where: CaseWhere,
  language: "en" | "ru" = "en",
): CaseNotice {
  const kind = caseKind(e)
  const { amount, currency } = eventMoney(e)
  if (language === "ru") {
    const place =
      where.order_display_id != null
        ? `заказ №${where.order_display_id}${where.cart_id ? `, корзина ${where.cart_id}` : ""}`
        : where.cart_id
          ? `корзина ${where.cart_id}`
          : "нет заказа и корзины"
    return {
      title: "Platega: платёж требует внимания",
      description: `${formatAmount(amount, currency, "ru-RU")} (${place}): платёж ${e.platega_id} ${WHAT.ru[kind]}. Откройте Platega → Транзакции.`,
    }
  }
  const place =
    where.order_display_id != null
      ? `order #${where.order_display_id}${where.cart_id ? `, cart ${where.cart_id}` : ""}`
      : where.cart_id
        ? `cart ${where.cart_id}`
        : "no order or cart"
  return {
    title: "Platega: a payment needs attention",
    description: `${formatAmount(amount, currency, "en-US")} (${place}): transaction ${e.platega_id} ${WHAT.en[kind]}. Open Platega → Transactions.`,
  }
}

/**
 * The notification's idempotency key: one per case (transaction and kind), whichever record,
 * path or delivery found it.
 */
export const caseNotificationKey = (e: Pick<FlaggedEvent, "platega_id"> & { kind: CaseKind }) =>
  `platega-case:${e.platega_id.toLowerCase()}:${e.kind}`
