import type { BigNumberInput } from "@medusajs/framework/types"
import { MathBN } from "@medusajs/framework/utils"

/**
 * Money, in one place. In the store amounts are Medusa's decimals (BigNumber), in major units; at
 * the Platega boundary they are JSON numbers in major units (rubles, not kopecks).
 *
 * Outgoing: `toPlategaAmount` rounds a Medusa amount half-up to the currency's minor unit, the
 * only place money becomes a float; the client then only checks the number is finite, > 0 and has
 * at most 2 decimals. Incoming: the service may send 16 decimal places or a numeric string; the
 * client exposes a number, and amounts are compared to the minor unit (`sameAmount`), never with
 * `===` on floats.
 */

/** bignumber.js ROUND_HALF_UP: how amounts are rounded to kopecks. */
const HALF_UP = 4

const ZERO_DECIMAL = new Set(["JPY", "KRW", "VND", "CLP", "ISK", "UGX", "XAF", "XOF"])

/** Minor-unit digits of a currency Platega takes (RUB, and others a merchant enables). */
function currencyDecimals(currency: string): number {
  return ZERO_DECIMAL.has(currency.toUpperCase()) ? 0 : 2
}

/** The JSON number Platega receives: the amount rounded half-up to the currency's minor unit. */
export function toPlategaAmount(amount: BigNumberInput, currency: string): number {
  return MathBN.convert(amount).decimalPlaces(currencyDecimals(currency), HALF_UP).toNumber()
}

/** Decimal string kept in session data and records, e.g. "2990.50". */
export function toDecimalString(amount: BigNumberInput, currency: string): string {
  return MathBN.convert(amount).toFixed(currencyDecimals(currency), HALF_UP)
}

/** Equal to the currency's minor unit; tolerant of the 16-decimal amounts Platega sends. */
export function sameAmount(a: BigNumberInput, b: BigNumberInput, currency: string): boolean {
  const d = currencyDecimals(currency)
  return MathBN.convert(a)
    .decimalPlaces(d, HALF_UP)
    .isEqualTo(MathBN.convert(b).decimalPlaces(d, HALF_UP))
}

// ---- the wire's JSON numbers (2 decimals) ----------------------------------------------------

const DECIMALS = 2
const SCALE = 10 ** DECIMALS

/** Whole minor units (kopecks) of an amount, immune to binary noise such as 0.29 * 100 = 28.999…. */
export function toMinorUnits(amount: number): number {
  return Math.round(Number((amount * SCALE).toPrecision(15)))
}

/** Equal when they match to the kopeck (1500 and 1500.0000000000000000 and "1500.00" all match). */
export function amountsEqual(a: number, b: number): boolean {
  return sameAmount(a, b, "RUB")
}

/**
 * The value that goes on the wire: whole minor units back in major units, so an amount computed
 * as 1.1 * 3 is sent as 3.3, not 3.3000000000000003.
 */
export function roundToMinorUnit(amount: number): number {
  return toMinorUnits(amount) / SCALE
}

/** Whether the number has at most 2 decimals (judged after removing binary noise). */
export function hasAtMostTwoDecimals(amount: number): boolean {
  if (!Number.isFinite(amount)) return false
  const scaled = Number((amount * SCALE).toPrecision(15))
  return Number.isInteger(scaled)
}

const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/

/** Parses a JSON number or numeric string; undefined for anything else (or a non-finite value). */
export function parseDecimal(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined
  if (typeof value === "string" && NUMERIC.test(value.trim())) {
    const n = Number(value.trim())
    return Number.isFinite(n) ? n : undefined
  }
  return undefined
}
