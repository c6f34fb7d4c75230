import { z } from "zod"
import { DESCRIPTION_TOKENS } from "../../../modules/platega/settings"

// Every message names its field: Medusa passes a custom message through as the 400's text.

const ISO_CURRENCIES = new Set(Intl.supportedValuesOf("currency"))
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"])
export const CSV_SEPARATORS = [";", ",", "\t", "|"] as const

/** "" and null both clear a setting (it falls back to the provider options, then the default). */
const clearable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === "" ? null : v), schema.nullable()).optional()

function parseUrl(value: string): URL | undefined {
  try {
    // Placeholders are filled in per payment; stand them in with a plain word to check the rest.
    return new URL(value.replace(/\{\w+\}/g, "x"))
  } catch {
    return undefined
  }
}

const unknownTokens = (value: string) =>
  [...value.matchAll(/\{(\w*)\}/g)]
    .map((m) => m[1])
    .filter((t) => !(DESCRIPTION_TOKENS as readonly string[]).includes(t))

const tokenList = DESCRIPTION_TOKENS.map((t) => `{${t}}`).join(", ")

const merchantId = z
  .string()
  .trim()
  .pipe(
    z.uuid({
      error: "`merchant_id` must be the merchant UUID from the Platega dashboard (8-4-4-4-12 hex)",
    }),
  )
  .transform((v) => v.toLowerCase())

// Pasted secrets often carry a stray space or newline: it is never part of the secret. Every
// failure is a custom message: Medusa's default ones would echo the value.
const secret = (name: string) =>
  z.unknown().transform((value, ctx) => {
    const text = typeof value === "string" ? value.trim() : undefined
    const problem =
      text === undefined
        ? "must be text"
        : !text
          ? "must not be blank"
          : text.length > 1024
            ? "is longer than 1024 characters"
            : undefined
    if (problem) {
      ctx.addIssue({ code: "custom", message: `\`${name}\` ${problem}` })
      return z.NEVER
    }
    return text as string
  })

const baseUrl = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const url = parseUrl(value)
    const ok =
      !!url &&
      !/\{\w+\}/.test(value) &&
      (url.protocol === "https:" || (url.protocol === "http:" && LOCAL_HOSTS.has(url.hostname)))
    if (!ok) {
      ctx.addIssue({
        code: "custom",
        message:
          "`base_url` must be an https:// address (http:// only for localhost or 127.0.0.1), e.g. https://app.platega.io",
      })
    }
  })
  .transform((v) => v.replace(/\/+$/, ""))

const hmacScheme = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9-]{0,31}$/, "`hmac_scheme` must be a word such as PG-HMAC")

const returnAddress = (name: string) =>
  z
    .string()
    .trim()
    .max(2048, `\`${name}\` is longer than 2048 characters`)
    .superRefine((value, ctx) => {
      const url = parseUrl(value)
      if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) {
        ctx.addIssue({ code: "custom", message: `\`${name}\` must be an http(s) address` })
        return
      }
      const unknown = unknownTokens(value)
      if (unknown.length) {
        ctx.addIssue({
          code: "custom",
          message: `\`${name}\`: unknown placeholder {${unknown[0]}}; use ${tokenList}`,
        })
      }
    })

const currencies = z
  .array(z.string().trim(), { error: "`currencies` must be a list of currency codes" })
  .transform((list) => [...new Set(list.map((c) => c.toUpperCase()))])
  .superRefine((list, ctx) => {
    if (!list.length) {
      ctx.addIssue({ code: "custom", message: "`currencies` needs at least one currency code" })
    }
    const bad = list.find((c) => !ISO_CURRENCIES.has(c))
    if (bad !== undefined) {
      ctx.addIssue({
        code: "custom",
        message: `\`currencies\`: "${bad}" is not an ISO 4217 currency code (e.g. RUB)`,
      })
    }
  })

const description = z
  .string()
  .trim()
  .min(1, "`description` must not be blank")
  .max(255, "`description` is longer than 255 characters")
  .superRefine((value, ctx) => {
    const unknown = unknownTokens(value)
    if (unknown.length) {
      ctx.addIssue({
        code: "custom",
        message: `\`description\`: unknown placeholder {${unknown[0]}}; use ${tokenList}`,
      })
    }
  })

const timeZone = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    try {
      new Intl.DateTimeFormat("en", { timeZone: value })
    } catch {
      ctx.addIssue({
        code: "custom",
        message: `\`export_time_zone\`: "${value}" is not a time zone (e.g. Europe/Moscow)`,
      })
    }
  })

/** POST /admin/platega/settings: a partial change; a field left out stays as it is. */
export const AdminPlategaSettingsPatch = z.object({
  merchant_id: clearable(merchantId),
  secret: clearable(secret("secret")),
  payout_key: clearable(secret("payout_key")),
  base_url: clearable(baseUrl),
  hmac_scheme: clearable(hmacScheme),
  sign_path_with_query: clearable(
    z.boolean({ error: "`sign_path_with_query` must be true or false" }),
  ),
  currencies: clearable(currencies),
  description: clearable(description),
  return_url: clearable(returnAddress("return_url")),
  failed_url: clearable(returnAddress("failed_url")),
  reconcile_min_age_minutes: clearable(
    z
      .number({ error: "`reconcile_min_age_minutes` must be a number of minutes" })
      .int("`reconcile_min_age_minutes` must be a whole number of minutes")
      .min(1, "`reconcile_min_age_minutes` must be at least 1")
      .max(1440, "`reconcile_min_age_minutes` must be at most 1440 (a day)"),
  ),
  export_time_zone: clearable(timeZone),
  csv_separator: clearable(
    z.enum(CSV_SEPARATORS, {
      error: '`csv_separator` must be one of ";" "," "|" or a tab',
    }),
  ),
})
export type AdminPlategaSettingsPatchType = z.infer<typeof AdminPlategaSettingsPatch>

/**
 * POST /admin/platega/settings/connection-check: values to try before saving them; whatever is left out is
 * taken from the saved settings. `payout_key: null` tests without one.
 */
export const AdminPlategaConnectionTest = z.object({
  merchant_id: merchantId.optional(),
  secret: secret("secret").optional(),
  payout_key: clearable(secret("payout_key")),
  base_url: baseUrl.optional(),
  hmac_scheme: hmacScheme.optional(),
  sign_path_with_query: z
    .boolean({ error: "`sign_path_with_query` must be true or false" })
    .optional(),
})
export type AdminPlategaConnectionTestType = z.infer<typeof AdminPlategaConnectionTest>

/** GET /admin/platega/settings/audit */
export const AdminPlategaSettingsAuditParams = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
})
export type AdminPlategaSettingsAuditParamsType = z.infer<typeof AdminPlategaSettingsAuditParams>
