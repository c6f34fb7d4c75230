import { z } from "zod"
import { DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS } from "../../lib/platega/defaults"
import { PROVIDER_OPTION_SCHEMAS, SETTINGS, type SettingField } from "./settings/definition"
import { optional } from "./settings/option-fields"

/**
 * The plugin's options, one schema each for the two places medusa-config.ts gives them: the
 * payment providers' options (the settings table's options, plus the call timeout) and the
 * module's own (reconciliation); and the providers' options as the module reads them from Medusa's
 * loaded config. Validated at boot: a bad option stops Medusa with a message that names it.
 * Options are what medusa-config.ts gives; settings are what the admin saves over them
 * (settings/effective.ts merges the two).
 */

type Table = typeof SETTINGS
type OptionField = {
  [F in SettingField]: Table[F] extends { option: object } ? F : never
}[SettingField]
type OptionOf<F extends OptionField> = Table[F] extends {
  option: { name: infer N; schema: infer S }
}
  ? { name: N; schema: S }
  : never

const providerShape = {
  ...(PROVIDER_OPTION_SCHEMAS as {
    [F in OptionField as OptionOf<F>["name"] & string]: OptionOf<F>["schema"]
  }),
  /** HTTP timeout of one call to Platega, in milliseconds. */
  timeoutMs: optional(z.coerce.number().int().min(1000).max(MAX_TIMEOUT_MS)).default(
    DEFAULT_TIMEOUT_MS,
  ),
}

/** Options of the Platega payment providers (`medusa-config.ts` → payment module → providers). */
export const plategaOptionsSchema = z.object(providerShape).superRefine((o, ctx) => {
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
/** The options after parsing: a setting with a default always has a value. */
export type PlategaOptions = {
  [F in OptionField as OptionOf<F>["name"] & string]: undefined extends Table[F]["fallback"]
    ? Table[F]["fallback"]
    : Exclude<Table[F]["fallback"], undefined>
} & { timeoutMs: number }

/** The names of the options actually given (empty strings from the environment are not). */
export function givenOptionKeys(options: unknown): Set<string> {
  const raw = (options ?? {}) as Record<string, unknown>
  return new Set(
    Object.keys(raw).filter((k) => raw[k] !== undefined && raw[k] !== null && raw[k] !== ""),
  )
}

/** Parses the provider options or throws one message naming every bad option. */
export function parsePlategaOptions(options: unknown): PlategaOptions {
  const result = plategaOptionsSchema.safeParse(options ?? {})
  if (result.success) return result.data as PlategaOptions
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join(".") || "options"
    return issue.code === "invalid_type" && issue.input === undefined
      ? `\`${name}\` is required`
      : `${issue.message.includes("`") ? "" : `\`${name}\`: `}${issue.message}`
  })
  throw new Error(`Invalid Platega provider options: ${problems.join("; ")}`)
}

/** `resolve` of the plugin's payment provider, from the package or from its source. */
const PROVIDER_RESOLVE = /(^|[/\\])providers[/\\]platega([/\\](index(\.[cm]?[jt]s)?)?)?$/

interface ProviderEntry {
  resolve?: unknown
  options?: unknown
}

/** The Platega provider's options exactly as written in medusa-config.ts (not validated). */
export function rawProviderOptionsFromConfig(configModule: unknown): unknown {
  const modules = (configModule as { modules?: unknown } | undefined)?.modules
  const entries = Array.isArray(modules) ? modules : Object.values(modules ?? {})
  for (const entry of entries as { options?: { providers?: ProviderEntry[] } }[]) {
    for (const provider of entry?.options?.providers ?? []) {
      if (typeof provider?.resolve === "string" && PROVIDER_RESOLVE.test(provider.resolve)) {
        return provider.options ?? {}
      }
    }
  }
  return undefined
}

/**
 * The provider options the module works with, read from Medusa's loaded config: the providers'
 * options in medusa-config.ts or, for a store without the providers, the module's own `provider`
 * option; with the names actually given (givenOptionKeys). This is how every process knows the
 * credentials from boot, before any provider is constructed.
 */
export function moduleProviderOptions(
  moduleOptions: unknown,
  configModule: unknown,
): { options?: PlategaOptions; given: Set<string> } {
  const raw =
    (moduleOptions as { provider?: unknown } | undefined)?.provider ??
    rawProviderOptionsFromConfig(configModule)
  return {
    options: raw === undefined ? undefined : parsePlategaOptions(raw),
    given: givenOptionKeys(raw),
  }
}

/** Options of the plugin's own module (`medusa-payment-platega/modules/platega`). */
export const plategaModuleOptionsSchema = z.object({
  reconcile: z
    .object({
      /** A payment session still pending after this many minutes is re-read from Platega. */
      minAgeMinutes: z.coerce.number().min(0).default(10),
      /** Sessions older than this are left alone (Platega cancels unpaid ones within hours). */
      maxAgeHours: z.coerce.number().positive().default(48),
      /** Platega calls in flight at once during a run. */
      concurrency: z.coerce.number().int().min(1).max(32).default(4),
      /** Sessions looked at per run. */
      batchSize: z.coerce.number().int().min(1).max(5000).default(500),
      /** Failed callbacks are retried this many times before they wait for the merchant. */
      maxAttempts: z.coerce.number().int().min(1).max(100).default(10),
    })
    .prefault({}),
  /**
   * Callbacks without merchant headers are checked against Platega's own reads; these bound how
   * many such checks the store makes, whoever sends the bodies (see units/unauthenticated-budget.ts).
   */
  unauthenticatedCallbacks: z
    .object({
      /** Checks per minute for the whole store, all instances together. */
      perMinute: z.coerce.number().int().min(0).max(10_000).default(60),
      /** Checks per minute for one Platega id (Platega itself repeats only every 5 minutes). */
      perIdPerMinute: z.coerce.number().int().min(0).max(100).default(1),
      /**
       * Checks per minute for one client address (an IPv6 address counts by its /64), so that one
       * caller cannot spend the store's budget and starve Platega's own deliveries. Default: a
       * third of `perMinute`.
       */
      perClientPerMinute: z.coerce.number().int().min(0).max(10_000).optional(),
      /**
       * Checks per minute for the charges of one subscription the store knows: their own
       * allowance, outside the store's budget, so that unknown callers spending it never hold up
       * Platega's genuine charges (each charge id still once a minute).
       */
      perKnownSubscriptionPerMinute: z.coerce.number().int().min(0).max(100).default(3),
    })
    .transform((o) => ({
      ...o,
      perClientPerMinute: o.perClientPerMinute ?? Math.ceil(o.perMinute / 3),
    }))
    .prefault({}),
  /**
   * How long the callback log keeps its rows; the retention job (jobs/platega-callback-retention.ts)
   * deletes older ones. Flagged callbacks (cases for a person) are kept for good.
   */
  callbackRetention: z
    .object({
      /** Days a callback with the merchant headers is kept. */
      authenticatedDays: z.coerce.number().int().min(1).max(3650).default(90),
      /** Days a callback without them (anyone's body, only its ids and status kept) is kept. */
      unauthenticatedDays: z.coerce.number().int().min(1).max(3650).default(30),
      /** Rows deleted per statement (a run deletes batch after batch until none is left). */
      batchSize: z.coerce.number().int().min(1).max(100_000).default(1000),
    })
    .prefault({}),
  /**
   * Starting a payment from the store API (a Platega session that starts one, a collection's pay
   * route) costs the merchant a Platega transaction: at most this many starts per cart and per
   * client address in a window, all instances together (see units/payment-start-budget.ts). A click
   * answered with the transaction or link already made is not a start.
   */
  paymentStarts: z
    .object({
      perCart: z.coerce.number().int().min(1).max(1000).default(20),
      perClient: z.coerce.number().int().min(1).max(100_000).default(100),
      /** The window's length; at most 10 minutes (older counts are pruned). */
      windowMinutes: z.coerce.number().int().min(1).max(10).default(10),
    })
    .prefault({}),
})

export type PlategaModuleOptions = z.output<typeof plategaModuleOptionsSchema>

export function parsePlategaModuleOptions(options: unknown): PlategaModuleOptions {
  const parsed = plategaModuleOptionsSchema.safeParse(options ?? {})
  if (parsed.success) return parsed.data
  const problems = parsed.error.issues.map((i) => `\`${i.path.join(".")}\`: ${i.message}`)
  throw new Error(`Invalid options of the Platega module: ${problems.join("; ")}`)
}
