import { z } from "zod"
import { createdRange, createdRangeInOrder, oneOrMany, pageParams } from "../list-query"

const SUBSCRIPTION_ORDERS = [
  "next_charge_at",
  "-next_charge_at",
  "created_at",
  "-created_at",
] as const

export const AdminListPlategaSubscriptions = z
  .object({
    status: oneOrMany("status").optional(),
    customer_id: z.string().trim().min(1).max(100).optional(),
    order_id: z.string().trim().min(1).max(100).optional(),
    q: z.string().trim().min(1, "q: must not be empty").max(200).optional(),
    ...createdRange,
    ...pageParams,
    order: z
      .enum(SUBSCRIPTION_ORDERS, {
        message: `order: one of ${SUBSCRIPTION_ORDERS.join(", ")}`,
      })
      .default("next_charge_at"),
  })
  .superRefine(createdRangeInOrder)
export type AdminListPlategaSubscriptionsType = z.infer<typeof AdminListPlategaSubscriptions>

/** POST .../cancel takes no body; anything sent is refused rather than ignored. */
export const CancelPlategaSubscriptionBody = z.object({}).strict()
