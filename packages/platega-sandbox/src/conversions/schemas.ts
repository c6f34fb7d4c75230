import { fieldError, validationError, type FieldError } from "../shared/errors"
import { parseTime, queryParams } from "../shared/schemas"

// The query of GET /transaction/balance-unlock-operations: from, to (ISO 8601, optional), page and
// size. Public clients count pages from 0 or from 1: page 0 and page 1 are both the first page.

export const MAX_PAGE_SIZE = 100
const DEFAULT_PAGE_SIZE = 20

export interface ConversionPageQuery {
  from: number | null
  to: number | null
  /** 1-based */
  page: number
  size: number
}

function integer(
  errors: FieldError[],
  name: string,
  value: string | undefined,
  min: number,
  max: number,
): number | undefined {
  if (value === undefined || value.trim() === "") return undefined
  const n = /^\s*\d+\s*$/.test(value) ? Number(value) : NaN
  if (!(n >= min && n <= max)) {
    errors.push({
      key: name,
      message: `The value '${value}' is not valid for ${name}: an integer from ${min} to ${max}.`,
    })
    return undefined
  }
  return n
}

function time(errors: FieldError[], name: string, value: string | undefined): number | null {
  try {
    return parseTime(name, value?.trim())
  } catch {
    errors.push({ key: name, message: `${name} must be an ISO 8601 date-time, got '${value}'.` })
    return null
  }
}

export function parseConversionPageQuery(input: unknown): ConversionPageQuery {
  const { values } = queryParams(input, ["from", "to", "page", "size"] as const)
  const errors: FieldError[] = []
  const from = time(errors, "from", values.from)
  const to = time(errors, "to", values.to)
  const page = integer(errors, "page", values.page, 0, 1_000_000)
  const size = integer(errors, "size", values.size, 1, MAX_PAGE_SIZE)
  if (errors.length > 0) throw validationError(errors)
  if (from !== null && to !== null && from > to) {
    throw fieldError("from", "from must not be later than to.")
  }
  return { from, to, page: Math.max(1, page ?? 1), size: size ?? DEFAULT_PAGE_SIZE }
}
