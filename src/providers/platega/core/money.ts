import { MathBN } from "@medusajs/framework/utils"
import type { BigNumberInput } from "@medusajs/framework/types"

/** Minor-unit digits of the currencies Platega takes (RUB, and others a merchant enables). */
/** bignumber.js ROUND_HALF_UP: how prices are rounded to kopecks. */
const HALF_UP = 4

const ZERO_DECIMAL = new Set(["JPY", "KRW", "VND", "CLP", "ISK", "UGX", "XAF", "XOF"])

function currencyDecimals(currency: string): number {
  return ZERO_DECIMAL.has(currency.toUpperCase()) ? 0 : 2
}

/**
 * The JSON number Platega receives: the Medusa amount rounded half-up to the currency's minor
 * unit. The only place a money value becomes a float, and only at the boundary.
 */
export function toPlategaAmount(amount: BigNumberInput, currency: string): number {
  const rounded = MathBN.convert(amount).decimalPlaces(currencyDecimals(currency), HALF_UP)
  return rounded.toNumber()
}

/** Decimal string kept in session data, e.g. "2990.50". */
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
