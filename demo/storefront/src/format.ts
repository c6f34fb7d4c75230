/// <reference lib="dom" />
import { lang } from "./i18n"

/**
 * Medusa v2 keeps amounts in major units (1490 is 1 490 ₽, 2990.5 is 2 990,50 ₽). Kopecks are shown
 * only when there are any.
 */
export function money(amount: number | null | undefined, currency = "rub"): string {
  const value = Number(amount ?? 0)
  const whole = Number.isInteger(value)
  return new Intl.NumberFormat(lang() === "en" ? "en-GB" : "ru-RU", {
    style: "currency",
    currency: currency.toUpperCase(),
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(value)
}
