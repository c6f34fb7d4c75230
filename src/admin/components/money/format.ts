import { formatters } from "../../lib/format"
import type { PayoutStatus } from "../../lib/money"

/** Money in the admin's language (the shared formatter of lib/format.ts). */
export const formatMoney = (amount: number | string, currency: string, language: string): string =>
  formatters(language).money(amount, currency)

export const formatDate = (iso: string, language: string): string =>
  formatters(language).dateTime(iso)

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
