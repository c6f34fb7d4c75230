import { z } from "zod"

// The parts the admin lists' query validators share. Every message names its field: Medusa
// passes a custom message through as the 400's text.

export const instant = (field: string) =>
  z.iso.datetime({
    offset: true,
    message: `${field}: expected an ISO 8601 date-time, e.g. 2026-11-01T00:00:00+03:00`,
  })

/** One value or several (`?status=Active&status=PastDue`, or comma-separated), as a list. */
export const oneOrMany = (field: string, max = 10) =>
  z
    .union([
      z.string().trim().min(1).max(64),
      z.array(z.string().trim().min(1).max(64)).max(max, `${field}: at most ${max} values`),
    ])
    .transform((v) => (Array.isArray(v) ? v : v.split(",").filter(Boolean)))

/** `limit` (1..100, default 20) and `offset`. */
export const pageParams = {
  limit: z.coerce
    .number({ message: "limit: expected a number" })
    .int()
    .min(1, "limit: at least 1")
    .max(100, "limit: at most 100")
    .default(20),
  offset: z.coerce.number({ message: "offset: expected a number" }).int().min(0).default(0),
}

/** `created_at_from` and `created_at_to`, checked in order by createdRangeInOrder. */
export const createdRange = {
  created_at_from: instant("created_at_from").optional(),
  created_at_to: instant("created_at_to").optional(),
}

export function createdRangeInOrder(
  v: { created_at_from?: string; created_at_to?: string },
  ctx: z.RefinementCtx,
): void {
  if (
    v.created_at_from &&
    v.created_at_to &&
    Date.parse(v.created_at_from) > Date.parse(v.created_at_to)
  ) {
    ctx.addIssue({
      code: "custom",
      path: ["created_at_from"],
      message: "created_at_from: must not be after created_at_to",
    })
  }
}
