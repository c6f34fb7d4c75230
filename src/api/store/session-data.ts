import { MedusaError } from "@medusajs/framework/utils"
import { z } from "zod"

/**
 * Everything a storefront may put in a Platega payment session's `data` (what the storefront kit
 * and the documented calls send). The rest of a session's data is the plugin's own: a Platega id,
 * an amount, a link or renewal it stands for. Taken from a storefront, it would let one payment
 * stand for another, so any other field is refused rather than dropped.
 */
export const StorefrontSessionData = z
  .object({
    /** Where the payer returns after paying; giving it starts the payment. */
    return_url: z.string({ error: "data.return_url must be a string" }).max(2048).optional(),
    /** Where the payer returns after a failure (else the return address). */
    failed_url: z.string({ error: "data.failed_url must be a string" }).max(2048).optional(),
    /** Start the payment now with the return addresses of the settings. */
    pay: z.boolean({ error: "data.pay must be true or false" }).optional(),
    /** The storefront shows the SBP QR itself: read its text. */
    show_qr: z.boolean({ error: "data.show_qr must be true or false" }).optional(),
  })
  .strict()
export type StorefrontSessionDataType = z.infer<typeof StorefrontSessionData>

const ALLOWED = Object.keys(StorefrontSessionData.shape).join(", ")

/** The storefront's `data`, checked: a 400 naming the first field that is not allowed. */
export function storefrontSessionData(data: unknown): StorefrontSessionDataType {
  if (data === undefined || data === null) return {}
  const parsed = StorefrontSessionData.safeParse(data)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  const message =
    issue.code === "unrecognized_keys"
      ? `data.${issue.keys[0]} is not accepted from a storefront (a Platega payment session takes only ${ALLOWED})`
      : issue.path.length
        ? issue.message
        : "data must be an object"
  throw new MedusaError(MedusaError.Types.INVALID_DATA, message)
}
