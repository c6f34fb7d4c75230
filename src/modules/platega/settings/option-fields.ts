import { z } from "zod"
import { currencies } from "./fields"

/**
 * The provider options' rules for the settings they set (medusa-config.ts). Messages name the
 * option; empty strings count as "not set", since medusa-config usually passes `process.env.X`.
 */

export const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), schema.optional())

export const urlOption = (name: string) =>
  optional(z.url({ protocol: /^https?$/, error: `\`${name}\` must be an http(s) URL` }))

export const merchantIdOption = optional(
  z.uuid({ error: "`merchantId` must be the merchant UUID from the Platega dashboard" }),
)

export const secretOption = (name?: string) =>
  optional(name ? z.string().min(1, `\`${name}\` is required`) : z.string().min(1))

export const descriptionOption = optional(z.string().min(1).max(255))

// The same rule as the admin's: ISO 4217 codes, at least one (the message names `currencies`).
export const currenciesOption = optional(currencies)

export const hmacSchemeOption = optional(
  z.string().regex(/^[A-Za-z][A-Za-z0-9-]*$/, "`hmacScheme` must be a word such as PG-HMAC"),
)

export const flagOption = optional(
  z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]),
)
