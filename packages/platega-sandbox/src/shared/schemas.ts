import { z } from "zod"
import { fieldError, validationError, zodToFieldErrors, type FieldError } from "./errors"
import { hasAtMostTwoDecimals } from "./money"

// Request checks shared by the resources, answered as the service's 400
// { code: "Common:VAL_0001", data: [{ key, message }] }. Unknown fields are ignored (the service's
// clients send extras), missing or malformed ones are named.

function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value)
    return (u.protocol === "http:" || u.protocol === "https:") && u.hostname.length > 0
  } catch {
    return false
  }
}

export const amount = z
  .number()
  .finite()
  .positive("must be greater than 0")
  .max(1_000_000_000, "must not exceed 1000000000")
  .refine(hasAtMostTwoDecimals, "must have at most 2 decimal places")

export const currency = z
  .string()
  .regex(/^[A-Za-z]{3,4}$/, "must be a currency code such as RUB")
  .transform((c) => c.toUpperCase())

export const url = z.string().max(2048).refine(isHttpUrl, "must be an absolute http(s) URL")
export const text = (max: number) => z.string().max(max, `must be at most ${max} characters`)

function fieldErrors(error: z.ZodError): FieldError[] {
  return zodToFieldErrors(error).map((e) =>
    / received undefined$/.test(e.message)
      ? { key: e.key, message: `The ${e.key} field is required.` }
      : e,
  )
}

export function parse<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input)
  if (!result.success) throw validationError(fieldErrors(result.error))
  return result.data
}

/** An ISO 8601 date-time of a filter or query, or null when absent. */
export function parseTime(key: string, value: string | null | undefined): number | null {
  if (value === null || value === undefined || value === "") return null
  const ms = Date.parse(value)
  if (Number.isNaN(ms)) throw fieldError(key, `${key} must be an ISO 8601 date-time`)
  return ms
}

export function parseBooleanQuery(key: string, value: unknown, fallback: boolean): boolean {
  if (value === undefined || value === "") return fallback
  const v = String(value).toLowerCase()
  if (v === "true" || v === "1") return true
  if (v === "false" || v === "0") return false
  throw fieldError(key, `${key} must be true or false`)
}

/**
 * Query parameters by name, matched case-insensitively as the service's model binding does
 * (`currencyfrom` and `CurrencyFrom` are `currencyFrom`). A repeated parameter is a 400.
 * `others` holds the names that matched none, for hints about misspelt ones.
 */
export function queryParams<const N extends string>(
  input: unknown,
  names: readonly N[],
): { values: Partial<Record<N, string>>; others: string[] } {
  const values: Partial<Record<N, string>> = {}
  const others: string[] = []
  const byLower = new Map(names.map((n) => [n.toLowerCase(), n]))
  for (const [key, value] of Object.entries((input ?? {}) as Record<string, unknown>)) {
    const name = byLower.get(key.toLowerCase())
    if (!name) {
      others.push(key)
      continue
    }
    if (Array.isArray(value) || values[name] !== undefined) {
      throw fieldError(name, `${name} must be given once`)
    }
    values[name] = String(value)
  }
  return { values, others }
}

/** "The currencyFrom field is required.", naming a near miss such as currency_from when one came. */
export function requiredMessage(name: string, others: string[]): string {
  const squash = (s: string) => s.toLowerCase().replace(/[_\-\s]/g, "")
  const near = others.find((o) => squash(o) === squash(name))
  return near
    ? `The ${name} field is required (${near} was sent; the parameter is ${name}).`
    : `The ${name} field is required.`
}
