import { z } from "zod"

export const DEFAULT_BASE_URL = "https://app.platega.io"
/**
 * What the payer reads on Platega's page and in their bank app: the shop and what they bought
 * (Platega's pages are Russian), for a subscription how often it is charged. No internal id.
 */
export const DEFAULT_DESCRIPTION = "{store}: {order}, {plan}"

const url = (name: string) =>
  z.url({ protocol: /^https?$/, error: `\`${name}\` must be an http(s) URL` })

/** Empty strings count as "not set": medusa-config usually passes `process.env.X`. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), schema.optional())

/**
 * Options of the Platega payment providers (`medusa-config.ts` → payment module → providers).
 * Validated at boot: a bad option stops Medusa with a message that names it.
 */
export const plategaOptionsSchema = z
  .object({
    /**
     * Merchant id (uuid) from the Platega dashboard; sent as X-MerchantId. May be left out together
     * with `secret` when the credentials are entered in the admin (Settings → Platega).
     */
    merchantId: optional(
      z.uuid({ error: "`merchantId` must be the merchant UUID from the Platega dashboard" }),
    ),
    /** API secret; sent as X-Secret and expected on every callback. */
    secret: optional(z.string().min(1, "`secret` is required")),
    /** API base URL; the sandbox's URL (e.g. http://localhost:4010) for trying the plugin. */
    baseUrl: optional(url("baseUrl")).default(DEFAULT_BASE_URL),
    /** Payout API key (PG-HMAC), needed only for saved cards and payouts. */
    payoutKey: optional(z.string().min(1)),
    /** Where the payer returns after paying, unless the storefront passes `return_url`. */
    returnUrl: optional(url("returnUrl")),
    /** Where the payer returns after a failure, unless the storefront passes `failed_url`. */
    failedUrl: optional(url("failedUrl")),
    /**
     * Shown to the payer; `{store}`, `{cart_id}`, `{amount}`, `{currency}`, `{session_id}` are
     * filled in.
     */
    description: optional(z.string().min(1).max(255)).default(DEFAULT_DESCRIPTION),
    /** Currencies Platega accepts for this merchant (ISO 4217, any case). */
    currencies: optional(z.array(z.string().length(3)).min(1)).default(["RUB"]),
    /** Scheme word of signed requests (cards, payouts): `PG-HMAC`, or `PAY-HMAC` as the spec writes it. */
    hmacScheme: optional(
      z.string().regex(/^[A-Za-z][A-Za-z0-9-]*$/, "`hmacScheme` must be a word such as PG-HMAC"),
    ).default("PG-HMAC"),
    /** Sign `path?query` instead of the bare path in signed requests. */
    signPathWithQuery: optional(
      z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]),
    ).default(false),
    /** HTTP timeout of one call to Platega, in milliseconds. */
    timeoutMs: optional(z.coerce.number().int().min(1000).max(120_000)).default(15_000),
  })
  .superRefine((o, ctx) => {
    // Credentials come as a pair: one without the other is a typo, not "configured in the admin".
    if (o.secret && !o.merchantId)
      ctx.addIssue({
        code: "custom",
        path: ["merchantId"],
        message: "`merchantId` is required when `secret` is set",
      })
    if (o.merchantId && !o.secret)
      ctx.addIssue({
        code: "custom",
        path: ["secret"],
        message: "`secret` is required when `merchantId` is set",
      })
  })

export type PlategaOptionsInput = z.input<typeof plategaOptionsSchema>
export type PlategaOptions = z.output<typeof plategaOptionsSchema>

/** The names of the options actually given (empty strings from the environment are not). */
export function givenOptionKeys(options: unknown): Set<string> {
  const raw = (options ?? {}) as Record<string, unknown>
  return new Set(
    Object.keys(raw).filter((k) => raw[k] !== undefined && raw[k] !== null && raw[k] !== ""),
  )
}

/** Parses the options or throws one message naming every bad option. */
export function parsePlategaOptions(options: unknown): PlategaOptions {
  const result = plategaOptionsSchema.safeParse(options ?? {})
  if (result.success) return result.data
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join(".") || "options"
    return issue.code === "invalid_type" && issue.input === undefined
      ? `\`${name}\` is required`
      : `${issue.message.includes("`") ? "" : `\`${name}\`: `}${issue.message}`
  })
  throw new Error(`Invalid Platega provider options: ${problems.join("; ")}`)
}
