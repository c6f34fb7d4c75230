import { z } from "zod"
import { INTERVAL_UNITS, type IntervalUnitCode } from "../../lib/platega"

/** Plan interval units as stored; Platega's codes: 1 day, 2 week, 3 month, 4 year. */
export const PLAN_INTERVALS = ["day", "week", "month", "year"] as const
export type PlanInterval = (typeof PLAN_INTERVALS)[number]

const UNIT: Record<PlanInterval, (typeof INTERVAL_UNITS)[keyof typeof INTERVAL_UNITS]> = {
  day: INTERVAL_UNITS.Day,
  week: INTERVAL_UNITS.Week,
  month: INTERVAL_UNITS.Month,
  year: INTERVAL_UNITS.Year,
}

/** Platega's bounds: day ≤ 31, week ≤ 4, month ≤ 12, year ≤ 3. */
export function maxIntervalCount(interval: PlanInterval): number {
  return UNIT[interval].maxCount
}

export function intervalCode(interval: PlanInterval): IntervalUnitCode {
  return UNIT[interval].code
}

/** A plan as the admin sets it and a subscription session carries it. */
export const planSchema = z
  .object({
    interval: z.enum(PLAN_INTERVALS),
    interval_count: z.number().int().min(1, "must be at least 1"),
  })
  .strict()
  .superRefine((plan, ctx) => {
    const max = maxIntervalCount(plan.interval)
    if (plan.interval_count > max) {
      ctx.addIssue({
        code: "custom",
        path: ["interval_count"],
        message: `Platega allows at most ${max} for interval "${plan.interval}"`,
      })
    }
  })

export type Plan = z.infer<typeof planSchema>

export function samePlan(a: Plan, b: Plan): boolean {
  return a.interval === b.interval && a.interval_count === b.interval_count
}

export function describePlan(plan: Plan): string {
  return `every ${plan.interval_count} ${plan.interval}${plan.interval_count > 1 ? "s" : ""}`
}
