import { z } from "zod"
import { SUBSCRIPTION_METHOD_CODE } from "../../lib/platega"

/**
 * The two options of a provider registered for one more Platega method (providers/platega-method):
 * its Platega code and the title a storefront shows for it.
 */
const methodOptionsSchema = z.object({
  method: z.coerce
    .number({ error: "`method` must be a Platega payment method code, e.g. 3 for ERIP" })
    .int("`method` must be a whole number")
    .positive("`method` must be a Platega payment method code, e.g. 3 for ERIP")
    .refine((c) => c !== SUBSCRIPTION_METHOD_CODE, {
      error: "`method` 6 is the subscription provider's (platega-subscription)",
    }),
  title: z
    .string({ error: "`title` is required: the name a storefront shows for the method" })
    .trim()
    .min(1, "`title` is required: the name a storefront shows for the method")
    .max(100),
})

type MethodOptions = z.output<typeof methodOptionsSchema>

export function parseMethodOptions(options: unknown): MethodOptions {
  const parsed = methodOptionsSchema.safeParse(options ?? {})
  if (parsed.success) return parsed.data
  throw new Error(
    `Invalid options of the Platega method provider: ${parsed.error.issues.map((i) => i.message).join("; ")}`,
  )
}
