import { z } from "zod"

// Every message names its field: Medusa passes a custom message through as the 400's text.

const instant = (field: string) =>
  z.iso.datetime({
    offset: true,
    message: `${field}: expected an ISO 8601 date-time, e.g. 2026-11-01T00:00:00+03:00`,
  })

/** One value or several (`?status=Active&status=PastDue`), as a list. */
const oneOrMany = z
  .union([z.string().trim().min(1).max(64), z.array(z.string().trim().min(1).max(64)).max(10)])
  .transform((v) => (Array.isArray(v) ? v : v.split(",").filter(Boolean)))

const SUBSCRIPTION_ORDERS = [
  "next_charge_at",
  "-next_charge_at",
  "created_at",
  "-created_at",
] as const

export const AdminListPlategaSubscriptions = z
  .object({
    status: oneOrMany.optional(),
    customer_id: z.string().trim().min(1).max(100).optional(),
    order_id: z.string().trim().min(1).max(100).optional(),
    q: z.string().trim().min(1, "q: must not be empty").max(200).optional(),
    created_at_from: instant("created_at_from").optional(),
    created_at_to: instant("created_at_to").optional(),
    limit: z.coerce
      .number({ message: "limit: expected a number" })
      .int()
      .min(1, "limit: at least 1")
      .max(100, "limit: at most 100")
      .default(20),
    offset: z.coerce.number({ message: "offset: expected a number" }).int().min(0).default(0),
    order: z
      .enum(SUBSCRIPTION_ORDERS, {
        message: `order: one of ${SUBSCRIPTION_ORDERS.join(", ")}`,
      })
      .default("next_charge_at"),
  })
  .superRefine((v, ctx) => {
    if (v.created_at_from && v.created_at_to && v.created_at_from > v.created_at_to) {
      if (Date.parse(v.created_at_from) > Date.parse(v.created_at_to)) {
        ctx.addIssue({
          code: "custom",
          path: ["created_at_from"],
          message: "created_at_from: must not be after created_at_to",
        })
      }
    }
  })
export type AdminListPlategaSubscriptionsType = z.infer<typeof AdminListPlategaSubscriptions>

/** POST .../cancel takes no body; anything sent is refused rather than ignored. */
export const CancelPlategaSubscriptionBody = z.object({}).strict()
