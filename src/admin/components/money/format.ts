import type { PayoutStatus } from "../../lib/money"

/** Money in the admin's language: "1 500 ₽" in Russian, "RUB 1,500.00" in English. */
export function formatMoney(amount: number, currency: string, language: string): string {
  try {
    return new Intl.NumberFormat(language, {
      style: "currency",
      currency: currency.toUpperCase(),
      maximumFractionDigits: 2,
    }).format(amount)
  } catch {
    // Not an ISO 4217 code (USDT): the number and the code.
    return `${new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(amount)} ${currency.toUpperCase()}`
  }
}

export const formatDate = (iso: string, language: string): string =>
  new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(
    new Date(iso),
  )

export const PAYOUT_STATUS_COLOR: Record<PayoutStatus, "green" | "red" | "orange" | "grey"> = {
  created: "green",
  failed: "red",
  unknown: "orange",
  pending: "grey",
}

export const CARD_STATUS_COLOR: Record<string, "green" | "red" | "orange" | "grey"> = {
  ACTIVE: "green",
  DISABLED: "red",
  PENDING: "orange",
}

/** The message of an SDK error (its body's message), or of anything thrown. */
export const errorMessage = (e: unknown): string =>
  e instanceof Error ? e.message : typeof e === "string" ? e : JSON.stringify(e)
