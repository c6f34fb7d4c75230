import { z } from "zod"
import { ControlError } from "../shared/errors"

// Bodies of the control API. Errors are one readable message (not Platega's shape): a 400.

export function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body ?? {})
  if (!result.success) {
    const detail = result.error.issues
      .map((i) => `${i.path.join(".") || "body"}: ${i.message}`)
      .join("; ")
    throw new ControlError(400, detail)
  }
  return result.data
}

const statusName = z.enum(["PENDING", "CONFIRMED", "CANCELED", "CHARGEBACKED"])
export const seedSchema = z.object({
  count: z.int().min(0),
  statuses: z.array(statusName).optional(),
  paymentMethods: z.array(z.int()).optional(),
  currency: z.string().optional(),
  amountMin: z.number().optional(),
  amountMax: z.number().optional(),
  from: z.union([z.string(), z.number()]).optional(),
  to: z.union([z.string(), z.number()]).optional(),
  returnIds: z.boolean().optional(),
})
