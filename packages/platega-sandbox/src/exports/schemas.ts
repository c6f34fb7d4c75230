import { z } from "zod"
import { METHODS, TX_STATUS } from "../shared/codes"
import { fieldError } from "../shared/errors"
import { parse, parseTime } from "../shared/schemas"
import { isValidTimeZone } from "../shared/timefmt"

// The filter body of the three exports (JSON, CSV, Excel).

const exportFilter = z
  .object({
    statuses: z.array(z.union([z.string(), z.number()])).nullish(),
    paymentMethods: z.array(z.union([z.string(), z.number()])).nullish(),
    from: z.string().nullish(),
    to: z.string().nullish(),
    timeZoneId: z.string().nullish(),
  })
  .nullish()

export interface ExportFilter {
  statuses: Set<number> | null
  methods: Set<number> | null
  from: number | null
  to: number | null
  timeZone: string
}

const STATUS_BY_TEXT = new Map<string, number>(Object.entries(TX_STATUS).map(([k, v]) => [k, v]))
const STATUS_CODES = new Set<number>(Object.values(TX_STATUS))

/** The export body (json, csv, excel): status codes "1" PENDING, "6" CANCELED, "7" CONFIRMED, "9" CHARGEBACKED. */
export function parseExportFilter(input: unknown): ExportFilter {
  const body = parse(exportFilter, input ?? {}) ?? {}
  let statuses: Set<number> | null = null
  if (body.statuses && body.statuses.length > 0) {
    statuses = new Set()
    for (const raw of body.statuses) {
      const s = String(raw).trim().toUpperCase()
      const code = /^\d+$/.test(s) ? Number(s) : STATUS_BY_TEXT.get(s)
      if (code === undefined || !STATUS_CODES.has(code)) {
        throw fieldError("statuses", `unknown status code ${String(raw)} (use 1, 6, 7 or 9)`)
      }
      statuses.add(code)
    }
  }
  let methods: Set<number> | null = null
  if (body.paymentMethods && body.paymentMethods.length > 0) {
    methods = new Set()
    for (const raw of body.paymentMethods) {
      const code = Number(String(raw).trim())
      if (!Number.isInteger(code) || !METHODS.has(code)) {
        throw fieldError("paymentMethods", `unknown payment method code ${String(raw)}`)
      }
      methods.add(code)
    }
  }
  const timeZone = body.timeZoneId || "UTC"
  if (!isValidTimeZone(timeZone)) throw fieldError("timeZoneId", `unknown time zone ${timeZone}`)
  const from = parseTime("from", body.from)
  const to = parseTime("to", body.to)
  if (from !== null && to !== null && from > to)
    throw fieldError("from", "from must not be after to")
  return { statuses, methods, from, to, timeZone }
}
