import { ruPlural } from "../../../lib/platega/plural"

/**
 * Words a payer recognises in their bank app for what they bought: the items of the cart and, for
 * a subscription, how often it is charged. Never an internal id.
 */

export interface OrderLine {
  product_title?: string | null
  title?: string | null
  quantity?: number | string | null
}

/** Enough to recognise an order; the description is cut to Platega's 255 characters anyway. */
const MAX_NAMED_ITEMS = 3

/** "Кофе в зёрнах ×2, Чашка и ещё 2" */
export function orderWords(lines: OrderLine[]): string {
  const named = lines
    .map((l) => {
      const title = (l.product_title || l.title || "").trim()
      const qty = Number(l.quantity ?? 1)
      return title ? (qty > 1 ? `${title} ×${qty}` : title) : ""
    })
    .filter(Boolean)
  const shown = named.slice(0, MAX_NAMED_ITEMS).join(", ")
  const more = named.length - MAX_NAMED_ITEMS
  return more > 0 ? `${shown} и ещё ${more}` : shown
}

type Interval = "day" | "week" | "month" | "year"

/** Russian forms for 1, 2–4 and 5+ of each unit. */
const UNITS: Record<Interval, { once: string; forms: [string, string, string] }> = {
  day: { once: "раз в день", forms: ["день", "дня", "дней"] },
  week: { once: "раз в неделю", forms: ["неделю", "недели", "недель"] },
  month: { once: "раз в месяц", forms: ["месяц", "месяца", "месяцев"] },
  year: { once: "раз в год", forms: ["год", "года", "лет"] },
}

/** "раз в месяц", "каждые 2 недели", "каждый 21 день"; empty for no plan. */
export function planWords(
  plan: { interval?: string; interval_count?: number } | undefined,
): string {
  const unit = UNITS[plan?.interval as Interval]
  const n = Number(plan?.interval_count ?? 1)
  if (!unit || !Number.isInteger(n) || n < 1) return ""
  if (n === 1) return unit.once
  const form = ruPlural(n, unit.forms)
  const every =
    form === unit.forms[0] ? (plan?.interval === "week" ? "каждую" : "каждый") : "каждые"
  return `${every} ${n} ${form}`
}
