import { z } from "zod"
import { readReturnAddress, storefrontOrigin } from "../return-addresses"

/**
 * The rules of each setting's value, as the admin may write it. Every message names its field:
 * Medusa passes a custom message through as the 400's text. No Node-only imports: the admin's
 * form reads the settings table too.
 */

/** Placeholders the payment description (and the return addresses) may use. */
export const DESCRIPTION_TOKENS = [
  "store",
  "order",
  "plan",
  "cart_id",
  "amount",
  "currency",
  "session_id",
] as const

const ISO_CURRENCIES = new Set(Intl.supportedValuesOf("currency"))
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"])
export const CSV_SEPARATORS = [";", ",", "\t", "|"] as const

/** "" and null both clear a setting (it falls back to the provider options, then the default). */
export const clearable = <T extends z.ZodType>(schema: T) =>
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

export const merchantId = z
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
export const secret = (name: string) =>
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

export const baseUrl = z
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

export const hmacScheme = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9-]{0,31}$/, "`hmac_scheme` must be a word such as PG-HMAC")

export const returnAddress = (name: string) =>
  z
    .string()
    .trim()
    .max(2048, `\`${name}\` is longer than 2048 characters`)
    .superRefine((value, ctx) => {
      const read = readReturnAddress(value)
      if ("problem" in read) {
        ctx.addIssue({ code: "custom", message: `\`${name}\` ${read.problem}` })
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

export const currencies = z
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

/** The storefront origins return addresses must be on (`storefront_origins`, `storefrontOrigins`). */
export const storefrontOrigins = (name: string) =>
  z
    .array(z.string().trim(), { error: `\`${name}\` must be a list of origins` })
    .superRefine((list, ctx) => {
      if (!list.length) {
        ctx.addIssue({ code: "custom", message: `\`${name}\` needs at least one origin` })
      }
      const bad = list.find((o) => !storefrontOrigin(o))
      if (bad !== undefined) {
        ctx.addIssue({
          code: "custom",
          message: `\`${name}\`: "${bad}" is not an origin such as https://shop.example.com (http only for localhost)`,
        })
      }
    })
    .transform((list) => [...new Set(list.map((o) => storefrontOrigin(o) as string))])

export const description = z
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

export const timeZone = z
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
