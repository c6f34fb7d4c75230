import { z } from "zod"
import { readReturnAddress } from "../../../../modules/platega/return-addresses"

/** A return address, normalised (see readReturnAddress); a refusal names the field. */
const ReturnAddress = (field: string) =>
  z
    .string()
    .trim()
    .max(2048, `${field} is longer than 2048 characters`)
    .transform((s, ctx) => {
      const read = readReturnAddress(s)
      if ("address" in read) return read.address
      ctx.addIssue({ code: "custom", message: `${field} ${read.problem}` })
      return z.NEVER
    })

/** Return addresses a link may carry (else the ones set under Settings → Platega). */
const LinkReturnUrls = {
  return_url: ReturnAddress("return_url").optional(),
  failed_url: ReturnAddress("failed_url").optional(),
}

/** POST /admin/platega/orders/:id/payment-links */
export const AdminCreatePaymentLink = z
  .object({
    /** The amount the admin means to ask for: refused unless it is the outstanding one. */
    amount: z
      .union([z.string(), z.number()])
      .transform(String)
      .refine(
        (s) => /^\d+(\.\d{1,2})?$/.test(s.trim()),
        "amount must be a decimal such as 500 or 1290.50",
      )
      .optional(),
    /** One of the order's payment collections; by default its unpaid one. */
    payment_collection_id: z.string().startsWith("pay_col_").optional(),
    /** Make a new link even when a live one exists: it supersedes the old one. */
    replace: z.boolean().optional(),
    ...LinkReturnUrls,
  })
  .strict()
export type AdminCreatePaymentLinkType = z.infer<typeof AdminCreatePaymentLink>

/** POST /admin/platega/payment-links/:id/send */
export const AdminSendPaymentLink = z
  .object({
    email: z.string().trim().email("email must be an e-mail address").optional(),
    locale: z.enum(["en", "ru"]).default("en"),
  })
  .strict()
export type AdminSendPaymentLinkType = z.infer<typeof AdminSendPaymentLink>

/** POST /store/platega/payment-collections/:id/pay */
export const StorePayPaymentCollection = z.object(LinkReturnUrls).strict()
export type StorePayPaymentCollectionType = z.infer<typeof StorePayPaymentCollection>
