/**
 * Amounts at the Platega boundary are JSON numbers in major units (rubles, not kopecks).
 *
 * Outgoing: the caller rounds to the currency's minor unit (2 decimals) before calling the client;
 * the client only checks the number is finite, > 0 and has at most 2 decimals.
 * Incoming: the service may send 16 decimal places or a numeric string; we expose a number and
 * compare amounts in minor units (`toMinorUnits`, `amountsEqual`), never with `===` on floats.
 */

const DECIMALS = 2
const SCALE = 10 ** DECIMALS

/** Whole minor units (kopecks) of an amount, immune to binary noise such as 0.29 * 100 = 28.999…. */
export function toMinorUnits(amount: number): number {
  return Math.round(Number((amount * SCALE).toPrecision(15)))
}

/** Equal when they match to the kopeck (1500 and 1500.0000000000000000 and "1500.00" all match). */
export function amountsEqual(a: number, b: number): boolean {
  return toMinorUnits(a) === toMinorUnits(b)
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
