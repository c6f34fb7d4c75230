import { z } from "zod"
import { INTERVAL_UNITS, SUBSCRIPTION_STATUSES } from "../shared/codes"
import { fieldError } from "../shared/errors"
import { amount, currency, parse, parseTime, text, url } from "../shared/schemas"

// The subscription body of POST /transaction/process (method 6) and the query of GET /subscription.

// "1".."4" per the schema, 1..4 in the examples: both accepted.
const intervalCode = z
  .union([z.int(), z.string().regex(/^\d+$/, "must be 1, 2, 3 or 4").transform(Number)])
  .refine((n) => n in INTERVAL_UNITS, "must be 1 (day), 2 (week), 3 (month) or 4 (year)")

export const subscriptionBody = z.object({
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

export type SubscriptionBody = z.infer<typeof subscriptionBody>

/** intervalCount bounds: day <= 31, week <= 4, month <= 12, year <= 3. */
export function checkIntervalCount(body: SubscriptionBody): void {
  const { maxCount, unit } = INTERVAL_UNITS[body.paymentDetails.interval]
  if (body.paymentDetails.intervalCount > maxCount) {
    throw fieldError(
      "paymentDetails.intervalCount",
      `intervalCount must be between 1 and ${maxCount} for interval ${body.paymentDetails.interval} (${unit})`,
    )
  }
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

interface SubscriptionListQuery {
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
