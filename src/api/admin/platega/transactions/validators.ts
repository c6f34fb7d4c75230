import { MedusaError } from "@medusajs/framework/utils"
import { z } from "zod"
import { UUID_RE } from "../../../../lib/platega/schemas"
import { CALLBACK_OUTCOMES } from "../../../../modules/platega/callback-outcome"
import { createdRange, createdRangeInOrder, oneOrMany, pageParams } from "../list-query"

const ATTENTION_FILTERS = ["open", "resolved", "any"] as const

export const AdminListPlategaTransactions = z
  .object({
    /** Platega's status (PENDING, CONFIRMED, CANCELED, CHARGEBACKED, or another it sends). */
    status: oneOrMany("status", 20)
      .transform((list) => list.map((s) => s.toUpperCase()))
      .optional(),
    outcome: oneOrMany("outcome", 20)
      .pipe(
        z.array(
          z.enum(CALLBACK_OUTCOMES, {
            message: `outcome: one of ${CALLBACK_OUTCOMES.join(", ")}`,
          }),
        ),
      )
      .optional(),
    method: oneOrMany("method", 20)
      .transform((list) => list.map((s) => s.toLowerCase()))
      .optional(),
    /** open: needs attention; resolved: flagged and settled; any: every flagged one. */
    attention: z
      .enum(ATTENTION_FILTERS, { message: `attention: one of ${ATTENTION_FILTERS.join(", ")}` })
      .optional(),
    q: z.string().trim().min(1, "q: must not be empty").max(200).optional(),
    ...createdRange,
    ...pageParams,
  })
  .superRefine(createdRangeInOrder)
export type AdminListPlategaTransactionsType = z.infer<typeof AdminListPlategaTransactions>

/** Re-check takes no body; anything sent is refused rather than ignored. */
export const AdminRecheckPlategaTransaction = z.object({}).strict()

export const AdminRefundPlategaCase = z
  .object({
    note: z.string().trim().max(2000, "note: at most 2000 characters").optional(),
  })
  .strict()
export type AdminRefundPlategaCaseType = z.infer<typeof AdminRefundPlategaCase>

export const AdminResolvePlategaCase = z
  .object({
    note: z
      .string({ message: "note: say why the case is resolved" })
      .trim()
      .min(1, "note: say why the case is resolved")
      .max(2000, "note: at most 2000 characters"),
  })
  .strict()
export type AdminResolvePlategaCaseType = z.infer<typeof AdminResolvePlategaCase>

/** The transaction id in a route's path: Platega's ids are UUIDs, anything else is refused (400). */
export function transactionIdParam(id: string | undefined): string {
  if (!id || !UUID_RE.test(id)) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      "`id` must be a Platega transaction id (a UUID)",
    )
  }
  return id
}
