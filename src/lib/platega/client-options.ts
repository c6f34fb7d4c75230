import { z } from "zod"
import { PlategaError, fieldErrorsFromIssues } from "./errors"
import { Uuid } from "./schemas"
import type { PlategaClientOptions, PlategaLogger } from "./types"
import { DEFAULT_BASE_URL, DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS } from "./defaults"

const LogFn = z.custom<(msg: string, meta?: object) => void>((v) => typeof v === "function", {
  message: "expected a function",
})

const OptionsSchema = z.object({
  baseUrl: z
    .string()
    .trim()
    .default(DEFAULT_BASE_URL)
    .refine((s) => {
      try {
        const u = new URL(s)
        return (u.protocol === "https:" || u.protocol === "http:") && !u.search && !u.hash
      } catch {
        return false
      }
    }, "expected an http(s) URL without query or fragment")
    .transform((s) => s.replace(/\/+$/, "")),
  merchantId: Uuid,
  secret: z.string().min(1, "must not be empty"),
  payoutKey: z.string().min(1, "must not be empty when given").optional(),
  hmacScheme: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9-]*$/, "expected a scheme word such as PG-HMAC")
    .default("PG-HMAC"),
  signPathWithQuery: z.boolean().default(false),
  timeoutMs: z.number().int().positive().max(MAX_TIMEOUT_MS).default(DEFAULT_TIMEOUT_MS),
  retry: z
    .object({
      retries: z.number().int().min(0).max(10).default(3),
      baseDelayMs: z.number().int().min(0).default(200),
      maxDelayMs: z.number().int().min(0).default(5_000),
    })
    .prefault({}),
  logger: z.object({ debug: LogFn, info: LogFn, warn: LogFn, error: LogFn }).loose().optional(),
  userAgent: z
    .string()
    .regex(/^[\x20-\x7e]{1,200}$/, "expected printable ASCII")
    .optional(),
  pinned: z.object({ loopbackAllowed: z.boolean() }).strict().optional(),
})

export interface ResolvedOptions {
  baseUrl: string
  merchantId: string
  secret: string
  payoutKey?: string
  hmacScheme: string
  signPathWithQuery: boolean
  timeoutMs: number
  retry: { retries: number; baseDelayMs: number; maxDelayMs: number }
  logger?: PlategaLogger
  userAgent: string
  pinned?: { loopbackAllowed: boolean }
}

const DEFAULT_USER_AGENT = "medusa-payment-platega"

/** Validates client options; a bad one throws PlategaError(kind "config") naming the option (never its value). */
export function resolveOptions(input: PlategaClientOptions): ResolvedOptions {
  const parsed = OptionsSchema.safeParse(input)
  if (!parsed.success) {
    const problems = fieldErrorsFromIssues(parsed.error.issues, "(options)")
    throw new PlategaError({
      kind: "config",
      message: `Invalid Platega client option ${problems
        .map((p) => `"${p.key}": ${p.message}`)
        .join("; ")}`,
      fieldErrors: problems,
    })
  }
  const o = parsed.data
  return {
    ...o,
    logger: input.logger,
    userAgent: o.userAgent ?? DEFAULT_USER_AGENT,
  }
}
