import { z } from "zod"
import { hasAtMostTwoDecimals } from "../shared/money"
import { parse } from "../shared/schemas"

// The body of POST /api/v1/payouts/card-rub.

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
