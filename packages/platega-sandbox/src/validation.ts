import { z } from "zod"
import {
  INTERVAL_UNITS,
  METHODS,
  ONE_OFF_METHODS,
  SUBSCRIPTION_METHOD,
  SUBSCRIPTION_STATUSES,
  TX_STATUS,
} from "./codes"
import { fieldError, validationError, zodToFieldErrors, type FieldError } from "./errors"
import { hasAtMostTwoDecimals } from "./money"
import { isValidTimeZone } from "./timefmt"

// Request checks, answered as the service's 400 { code: "Common:VAL_0001", data: [{ key, message }] }.
// Unknown fields are ignored (the service's clients send extras), missing or malformed ones are named.

function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value)
    return (u.protocol === "http:" || u.protocol === "https:") && u.hostname.length > 0
  } catch {
    return false
  }
}

const amount = z
  .number()
  .finite()
  .positive("must be greater than 0")
  .max(1_000_000_000, "must not exceed 1000000000")
  .refine(hasAtMostTwoDecimals, "must have at most 2 decimal places")

const currency = z
  .string()
  .regex(/^[A-Za-z]{3,4}$/, "must be a currency code such as RUB")
  .transform((c) => c.toUpperCase())

const url = z.string().max(2048).refine(isHttpUrl, "must be an absolute http(s) URL")
const text = (max: number) => z.string().max(max, `must be at most ${max} characters`)

const metadata = z
  .object({ userId: text(200).optional(), userName: text(200).optional() })
  .nullish()

const paymentBody = z.object({
  paymentDetails: z.object({ amount, currency }),
  description: text(1000).min(1, "must not be empty"),
  return: url,
  failedUrl: url,
  payload: text(4000).nullish(),
  orderId: text(200).nullish(),
  metadata,
})

// "1".."4" per the schema, 1..4 in the examples: both accepted.
const intervalCode = z
  .union([z.int(), z.string().regex(/^\d+$/, "must be 1, 2, 3 or 4").transform(Number)])
  .refine((n) => n in INTERVAL_UNITS, "must be 1 (day), 2 (week), 3 (month) or 4 (year)")

const subscriptionBody = z.object({
  paymentDetails: z.object({
    amount,
    currency,
    interval: intervalCode,
    intervalCount: z.int().min(1, "must be at least 1"),
  }),
  description: text(1000).min(1, "must not be empty"),
  payload: text(4000).nullish(),
  return: url.optional(),
  failedUrl: url.optional(),
})

export type PaymentBody = z.infer<typeof paymentBody>
export type SubscriptionBody = z.infer<typeof subscriptionBody>

function fieldErrors(error: z.ZodError): FieldError[] {
  return zodToFieldErrors(error).map((e) =>
    / received undefined$/.test(e.message)
      ? { key: e.key, message: `The ${e.key} field is required.` }
      : e,
  )
}

function parse<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input)
  if (!result.success) throw validationError(fieldErrors(result.error))
  return result.data
}

function checkCurrency(method: number, value: string): void {
  const info = METHODS.get(method)
  if (info && !info.currencies.includes(value)) {
    throw fieldError(
      "paymentDetails.currency",
      `currency ${value} is not accepted for payment method ${method} (accepted: ${info.currencies.join(", ")})`,
    )
  }
}

export type ProcessRequest =
  | { kind: "payment"; method: number; body: PaymentBody }
  | { kind: "subscription"; body: SubscriptionBody }

/** POST /transaction/process: paymentMethod decides between a payment and a subscription. */
export function parseProcessRequest(input: unknown): ProcessRequest {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    throw fieldError("body", "The request body must be a JSON object.")
  }
  const method = (input as Record<string, unknown>).paymentMethod
  const allowed = [...ONE_OFF_METHODS, SUBSCRIPTION_METHOD].sort((a, b) => a - b)
  if (method === undefined || method === null)
    throw fieldError("paymentMethod", "The paymentMethod field is required.")
  if (typeof method !== "number" || !allowed.includes(method)) {
    throw fieldError("paymentMethod", `paymentMethod must be one of ${allowed.join(", ")}`)
  }
  if (method === SUBSCRIPTION_METHOD) {
    const body = parse(subscriptionBody, input)
    checkCurrency(SUBSCRIPTION_METHOD, body.paymentDetails.currency)
    const { maxCount, unit } = INTERVAL_UNITS[body.paymentDetails.interval]
    if (body.paymentDetails.intervalCount > maxCount) {
      throw fieldError(
        "paymentDetails.intervalCount",
        `intervalCount must be between 1 and ${maxCount} for interval ${body.paymentDetails.interval} (${unit})`,
      )
    }
    return { kind: "subscription", body }
  }
  const body = parse(paymentBody, input)
  checkCurrency(method, body.paymentDetails.currency)
  return { kind: "payment", method, body }
}

/** POST /v2/transaction/process: the same body without paymentMethod (RUB, the payer picks). */
export function parseLinkRequest(input: unknown): PaymentBody {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    throw fieldError("body", "The request body must be a JSON object.")
  }
  const body = parse(paymentBody, input)
  if (body.paymentDetails.currency !== "RUB") {
    throw fieldError("paymentDetails.currency", "a payment link accepts RUB only")
  }
  return body
}

const payoutBody = z
  .object({
    cardId: z
      .string()
      .regex(
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
        "must be a card id (uuid)",
      )
      .optional(),
    cardNumber: z
      .string()
      .regex(/^\d{16,19}$/, "must be 16 to 19 digits")
      .optional(),
    amountRub: z
      .number()
      .finite()
      .min(1000, "must be between 1000 and 87500")
      .max(87_500, "must be between 1000 and 87500")
      .refine(hasAtMostTwoDecimals, "must have at most 2 decimal places"),
    payoutMethod: z.literal("CARD", "must be CARD"),
    currencyRequested: z.literal("RUB", "must be RUB"),
  })
  .superRefine((v, ctx) => {
    if ((v.cardId === undefined) === (v.cardNumber === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: ["cardId"],
        message: "exactly one of cardId and cardNumber is required",
      })
    }
  })

export type PayoutBody = z.infer<typeof payoutBody>

export function parsePayoutRequest(input: unknown): PayoutBody {
  return parse(payoutBody, input)
}

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

function parseTime(key: string, value: string | null | undefined): number | null {
  if (value === null || value === undefined || value === "") return null
  const ms = Date.parse(value)
  if (Number.isNaN(ms)) throw fieldError(key, `${key} must be an ISO 8601 date-time`)
  return ms
}

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

const listQuery = z.object({
  status: z.string().optional(),
  from: z.string().optional(),
  to: z.string().optional(),
  page: z
    .string()
    .regex(/^\d+$/, "must be a positive integer")
    .transform(Number)
    .refine((n) => n >= 1, "must be at least 1")
    .optional(),
  size: z
    .string()
    .regex(/^\d+$/, "must be a positive integer")
    .transform(Number)
    .refine((n) => n >= 1 && n <= 100, "must be between 1 and 100")
    .optional(),
})

export interface SubscriptionListQuery {
  status: number | null
  from: number | null
  to: number | null
  page: number
  size: number
}

/** GET /subscription: status as the integer code 0..4 (or its text), page from 1, size 1..100. */
export function parseSubscriptionListQuery(input: unknown): SubscriptionListQuery {
  const q = parse(listQuery, input ?? {})
  let status: number | null = null
  if (q.status !== undefined && q.status !== "") {
    const byText = SUBSCRIPTION_STATUSES.findIndex(
      (s) => s.toLowerCase() === q.status!.toLowerCase(),
    )
    status = /^\d+$/.test(q.status) ? Number(q.status) : byText
    if (status < 0 || status >= SUBSCRIPTION_STATUSES.length) {
      throw fieldError(
        "status",
        "status must be 0 PendingAgreement, 1 Active, 2 PastDue, 3 Cancelled or 4 Failed",
      )
    }
  }
  return {
    status,
    from: parseTime("from", q.from),
    to: parseTime("to", q.to),
    page: q.page ?? 1,
    size: q.size ?? 20,
  }
}

export function parseBooleanQuery(key: string, value: unknown, fallback: boolean): boolean {
  if (value === undefined || value === "") return fallback
  const v = String(value).toLowerCase()
  if (v === "true" || v === "1") return true
  if (v === "false" || v === "0") return false
  throw fieldError(key, `${key} must be true or false`)
}
