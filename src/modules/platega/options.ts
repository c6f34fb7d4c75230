import { z } from "zod"

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
    .default({
      minAgeMinutes: 10,
      maxAgeHours: 48,
      concurrency: 4,
      batchSize: 500,
      maxAttempts: 10,
    }),
  /**
   * Callbacks without merchant headers are checked against Platega's own reads; these bound how
   * many such checks the store makes, whoever sends the bodies (see unauthenticated-budget.ts).
   */
  unauthenticatedCallbacks: z
    .object({
      /** Checks per minute for the whole store, all instances together. */
      perMinute: z.coerce.number().int().min(0).max(10_000).default(60),
      /** Checks per minute for one Platega id (Platega itself repeats only every 5 minutes). */
      perIdPerMinute: z.coerce.number().int().min(0).max(100).default(1),
    })
    .default({ perMinute: 60, perIdPerMinute: 1 }),
})

export type PlategaModuleOptions = z.output<typeof plategaModuleOptionsSchema>

export function parsePlategaModuleOptions(options: unknown): PlategaModuleOptions {
  const parsed = plategaModuleOptionsSchema.safeParse(options ?? {})
  if (parsed.success) return parsed.data
  const problems = parsed.error.issues.map((i) => `\`${i.path.join(".")}\`: ${i.message}`)
  throw new Error(`Invalid options of the Platega module: ${problems.join("; ")}`)
}
