import type { SandboxContext } from "../context"
import { METHODS } from "../shared/codes"

// Every rate the sandbox answers, from one place: a payment's `usdtRate` (and the USDT amounts of
// its status, refund and payout), a link's `rate`, the conversions, and
// GET /rates/payment_method_rate. Platega quotes against USDT: units of a currency per 1 USDT.

/**
 * Units of `currency` per 1 USDT: the method's own rate when `methodRates` has one, else the
 * sandbox's `usdtRates`. Undefined for a currency without a rate.
 */
export function usdtRate(
  ctx: SandboxContext,
  currency: string,
  method?: number,
): number | undefined {
  if (currency === "USDT") return 1
  const own =
    method === undefined ? undefined : ctx.settings.methodRates[String(method)]?.[currency]
  return own ?? ctx.settings.usdtRates[currency]
}

/** The USDT rate of an amount the sandbox already holds: 1 for a currency whose rate was removed. */
export function usdtRateOrOne(ctx: SandboxContext, currency: string, method?: number): number {
  return usdtRate(ctx, currency, method) ?? 1
}

const round8 = (x: number) => Math.round(x * 1e8) / 1e8

/**
 * The rate of a pair as Platega's documentation shows it: units of `to` for 1 unit of `from`
 * (RUB→USDT 0.01081081 when 1 USDT is 92.5 RUB; USDT→RUB 92.5), through USDT, to 8 decimals.
 * Undefined when either currency has no rate.
 */
export function pairRate(
  ctx: SandboxContext,
  from: string,
  to: string,
  method?: number,
): number | undefined {
  if (from === to) return 1
  const f = usdtRate(ctx, from, method)
  const t = usdtRate(ctx, to, method)
  if (f === undefined || t === undefined) return undefined
  return round8(t / f)
}

/** Currencies that have a rate for some method (USDT first, then the configured ones). */
export function ratedCurrencies(ctx: SandboxContext): string[] {
  const own = Object.values(ctx.settings.methodRates).flatMap((r) => Object.keys(r))
  return [...new Set(["USDT", ...Object.keys(ctx.settings.usdtRates), ...own])]
}

/** Payment method codes that have a rate: every method the sandbox serves. */
export function ratedMethods(): number[] {
  return [...METHODS.keys()].sort((a, b) => a - b)
}

export interface RateRow {
  method: number
  methodName: string
  currency: string
  /** units of `currency` per 1 USDT */
  rate: number
  /** true when the method has its own rate for the currency (methodRates) */
  own: boolean
}

/** The table the dashboard and GET /_sandbox/rates show: each method's rate of each currency. */
export function rateTable(ctx: SandboxContext): RateRow[] {
  const rows: RateRow[] = []
  for (const method of ratedMethods()) {
    for (const currency of ratedCurrencies(ctx)) {
      if (currency === "USDT") continue
      const rate = usdtRate(ctx, currency, method)
      if (rate === undefined) continue
      rows.push({
        method,
        methodName: METHODS.get(method)!.name,
        currency,
        rate,
        own: ctx.settings.methodRates[String(method)]?.[currency] !== undefined,
      })
    }
  }
  return rows
}
