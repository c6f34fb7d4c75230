import { z } from "zod"
import { draw } from "./rng"

export interface CallbackFaults {
  /** share of callbacks that are never sent (logged as "dropped") */
  dropRate?: number
  /** share of callbacks that are sent twice */
  duplicateRate?: number
  /** share of callbacks held back until the next callback has been sent */
  reorderRate?: number
}

export interface SandboxFaults {
  /** makes every decision repeatable; default the sandbox seed */
  seed?: number
  /** added before Platega API routes answer: fixed, or uniform in [min, max] */
  latencyMs?: number | { min: number; max: number }
  /** per route ("GET /transaction/:id", or "*" for every API route): share answered 5xx unprocessed */
  errorRates?: Record<string, number>
  /** per route: share processed, but whose answer is replaced by a 502 (lost response) */
  lostResponseRates?: Record<string, number>
  /**
   * per route: fields set on every 2xx JSON answer, as a tampered or impostor service would send
   * them (e.g. `{ "POST /transaction/export/csv": { url: "http://169.254.169.254/" } }`)
   */
  answerFields?: Record<string, Record<string, unknown>>
  callbacks?: CallbackFaults
}

// Injected failures. Each decision is draw(seed, stream, n) for the n-th decision of its stream, so
// the same seed and the same sequence of requests give the same failures.

const rate = z.number().min(0).max(1)
const rates = z.record(z.string().min(1), rate)

const faultsSchema = z
  .object({
    seed: z
      .int()
      .min(0)
      .max(2 ** 32 - 1),
    latencyMs: z.union([
      z.number().min(0).max(60_000),
      z
        .object({ min: z.number().min(0).max(60_000), max: z.number().min(0).max(60_000) })
        .refine((v) => v.min <= v.max, "min must not exceed max"),
    ]),
    errorRates: rates,
    lostResponseRates: rates,
    answerFields: z.record(z.string().min(1), z.record(z.string(), z.unknown())),
    callbacks: z
      .object({ dropRate: rate, duplicateRate: rate, reorderRate: rate })
      .partial()
      .strict(),
  })
  .partial()
  .strict()

/** "get /transaction/{id}" → "GET /transaction/:id" */
export function normalizeRouteKey(key: string): string {
  if (key.trim() === "*") return "*"
  const [method, ...rest] = key.trim().split(/\s+/)
  const path = rest.join(" ").replace(/\{([^}]+)\}/g, ":$1")
  return `${method.toUpperCase()} ${path}`
}

const ERROR_STATUSES = [500, 502, 503] as const

export class FaultInjector {
  private config: SandboxFaults = {}
  private seed: number
  private readonly counters = new Map<string, number>()

  constructor(private readonly defaultSeed: number) {
    this.seed = defaultSeed
  }

  set(input: unknown): SandboxFaults {
    const parsed = faultsSchema.parse(input)
    const normalize = (r?: Record<string, number>) =>
      r && Object.fromEntries(Object.entries(r).map(([k, v]) => [normalizeRouteKey(k), v]))
    this.config = {
      ...parsed,
      errorRates: normalize(parsed.errorRates),
      lostResponseRates: normalize(parsed.lostResponseRates),
      answerFields:
        parsed.answerFields &&
        Object.fromEntries(
          Object.entries(parsed.answerFields).map(([k, v]) => [normalizeRouteKey(k), v]),
        ),
    }
    this.seed = parsed.seed ?? this.defaultSeed
    this.counters.clear()
    return this.get()
  }

  get(): SandboxFaults {
    return JSON.parse(JSON.stringify({ ...this.config, seed: this.seed })) as SandboxFaults
  }

  clear(): void {
    this.config = {}
    this.seed = this.defaultSeed
    this.counters.clear()
  }

  /** true with probability `p`, repeatably */
  private decide(stream: string, p: number | undefined): boolean {
    if (!p || p <= 0) return false
    return this.next(stream) < p
  }

  private next(stream: string): number {
    const n = this.counters.get(stream) ?? 0
    this.counters.set(stream, n + 1)
    return draw(this.seed, stream, n)
  }

  private rateFor(table: Record<string, number> | undefined, routeKey: string): number | undefined {
    if (!table) return undefined
    return table[routeKey] ?? table["*"]
  }

  latencyMs(): number {
    const l = this.config.latencyMs
    if (l === undefined) return 0
    if (typeof l === "number") return l
    return l.min + (l.max - l.min) * this.next("latency")
  }

  /** a 5xx status to answer instead of handling the request, or null */
  errorStatus(routeKey: string): number | null {
    if (!this.decide(`error ${routeKey}`, this.rateFor(this.config.errorRates, routeKey)))
      return null
    return ERROR_STATUSES[Math.floor(this.next(`error-status ${routeKey}`) * ERROR_STATUSES.length)]
  }

  loseResponse(routeKey: string): boolean {
    return this.decide(`lost ${routeKey}`, this.rateFor(this.config.lostResponseRates, routeKey))
  }

  /** Fields to set on this route's 2xx JSON answer, if any. */
  answerFields(routeKey: string): Record<string, unknown> | undefined {
    return this.config.answerFields?.[routeKey]
  }

  dropCallback(): boolean {
    return this.decide("callback.drop", this.config.callbacks?.dropRate)
  }

  duplicateCallback(): boolean {
    return this.decide("callback.duplicate", this.config.callbacks?.duplicateRate)
  }

  reorderCallback(): boolean {
    return this.decide("callback.reorder", this.config.callbacks?.reorderRate)
  }
}
