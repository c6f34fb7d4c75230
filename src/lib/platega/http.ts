import type { IncomingHttpHeaders } from "node:http"
import type { z } from "zod"
import { hmacAuthorization, merchantHeaders, unixSeconds } from "./auth"
import {
  OUTCOME_UNKNOWN,
  PlategaError,
  errorFromResponse,
  fieldErrorsFromIssues,
  isRetryableStatus,
  summarizeFieldErrors,
} from "./errors"
import type { ResolvedOptions } from "./options"
import { redact } from "./redact"
import {
  ACCEPT_ENCODING,
  BAD_ENCODING,
  RESPONSE_TOO_LARGE,
  TransportError,
  exchange,
  parseOrigin,
  type Origin,
} from "./transport"

/**
 * The one place that sends HTTP to Platega.
 *
 * Retry policy: only calls marked `idempotent` are retried (GETs, payouts with their
 * Idempotency-Key, subscription cancel, exports), on network errors, timeouts, 408/429 and 5xx
 * (not 501/505), with jittered exponential backoff capped at retry.maxDelayMs; Retry-After is
 * honoured up to MAX_RETRY_AFTER_MS (longer → give up and report it on the error).
 * Non-idempotent calls (create, refund) are sent exactly once; if the answer is lost, times out or
 * is a 5xx the error kind is `outcome_unknown`.
 *
 * Secrets: headers are built per attempt and never stored on errors or logged; transport failures
 * carry only an error code.
 */

export type HttpMethod = "GET" | "POST"

export interface RequestSpec<S extends z.ZodType> {
  method: HttpMethod
  /** Path template for errors and logs, e.g. "/transaction/{id}". */
  template: string
  /** Concrete path, ids already validated and encoded. */
  path: string
  query?: Record<string, string | number | boolean | undefined>
  /** Serialized once; the exact bytes are hashed (signed calls) and sent. */
  body?: unknown
  auth: "merchant" | "hmac"
  idempotencyKey?: string
  /** Safe to send more than once. */
  idempotent: boolean
  accept?: string
  schema: S
  /** Per-call overrides (testConnection wants one quick attempt). */
  retries?: number
  timeoutMs?: number
}

/** Retry-After longer than this is not waited for: the error reports it instead. */
export const MAX_RETRY_AFTER_MS = 30_000
const MAX_RESPONSE_BYTES = 50 * 1024 * 1024

/** Failures that happen before a single byte of the request left: nothing can have taken effect. */
const NOT_SENT_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ENETUNREACH",
  "EHOSTUNREACH",
  "ERR_INVALID_URL",
  "CERT_HAS_EXPIRED",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "ERR_TLS_CERT_ALTNAME_INVALID",
])
const PERMANENT_CODES = new Set([
  "ERR_INVALID_URL",
  "CERT_HAS_EXPIRED",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "ERR_TLS_CERT_ALTNAME_INVALID",
  RESPONSE_TOO_LARGE,
  BAD_ENCODING,
])

type Attempt =
  | { ok: true; status: number; text: string }
  | { ok: false; error: PlategaError; retry: boolean; retryAfterMs?: number }

export function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name]
  if (typeof v === "string") return v
  if (Array.isArray(v) && typeof v[0] === "string") return v[0]
  return undefined
}

/** A non-2xx answer as the error it means, and whether trying again may help. */
export function refusal(
  res: { status?: number; statusCode?: number; headers: IncomingHttpHeaders },
  text: string,
  endpoint: string,
  secrets: readonly string[],
  kind: "http" | "outcome_unknown" = "http",
): { error: PlategaError; retry: boolean; retryAfterMs?: number } {
  const status = res.status ?? res.statusCode ?? 0
  const retryAfterMs = parseRetryAfter(header(res.headers, "retry-after"))
  const error = errorFromResponse({
    status,
    contentType: header(res.headers, "content-type"),
    body: text,
    endpoint,
    retryAfterMs,
    secrets,
    kind,
  })
  return { error, retry: isRetryableStatus(status), retryAfterMs }
}

/** Retry-After: delta-seconds or an HTTP date → milliseconds (≥ 0); undefined if absent/garbled. */
export function parseRetryAfter(
  value: string | undefined,
  now: number = Date.now(),
): number | undefined {
  if (value === undefined) return undefined
  const s = value.trim()
  if (/^\d+(\.\d+)?$/.test(s)) return Math.round(Number(s) * 1000)
  const date = Date.parse(s)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

/** Equal-jitter exponential backoff: half of the step fixed, half random. */
export function backoffDelay(
  attempt: number,
  retry: { baseDelayMs: number; maxDelayMs: number },
  random: () => number = Math.random,
): number {
  const step = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** Math.max(0, attempt - 1))
  return Math.round(step / 2 + random() * (step / 2))
}

function buildQuery(query: RequestSpec<z.ZodType>["query"]): string {
  if (!query) return ""
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.append(k, String(v))
  const s = params.toString()
  return s ? `?${s}` : ""
}

export class PlategaHttp {
  private readonly origin: Origin
  private readonly basePath: string
  private readonly secrets: readonly string[]
  /** Merchant headers never change for a client: built once, copied per request. */
  private readonly merchant: Record<string, string>

  constructor(private readonly opts: ResolvedOptions) {
    const base = new URL(opts.baseUrl)
    this.origin = parseOrigin(base)
    this.basePath = base.pathname.replace(/\/+$/, "")
    this.secrets = [opts.secret, opts.payoutKey].filter((s): s is string => !!s)
    this.merchant = merchantHeaders(opts.merchantId, opts.secret)
  }

  /** Whether a line of this level would be written (debug lines are built only then). */
  private logs(level: string): boolean {
    const logger = this.opts.logger
    if (!logger) return false
    try {
      return logger.shouldLog ? logger.shouldLog(level) : true
    } catch {
      return false
    }
  }

  /** Logs through the configured logger, redacted. */
  log(
    level: "debug" | "info" | "warn" | "error",
    msg: string,
    meta?: Record<string, unknown>,
  ): void {
    const logger = this.opts.logger
    // Redaction costs a pass over every line: skipped for levels the logger drops.
    if (!logger || !this.logs(level)) return
    try {
      logger[level](redact(msg, this.secrets), meta && (redact(meta, this.secrets) as object))
    } catch {
      // a broken logger must not break a payment
    }
  }

  async send<S extends z.ZodType>(spec: RequestSpec<S>): Promise<z.output<S>> {
    const endpoint = `${spec.method} ${spec.template}`
    if (spec.auth === "hmac" && !this.opts.payoutKey) {
      throw new PlategaError({
        kind: "config",
        endpoint,
        message: `Platega ${endpoint} needs the payout API key (option "payoutKey"); none is configured`,
      })
    }
    const query = buildQuery(spec.query)
    const body =
      spec.body === undefined ? undefined : Buffer.from(JSON.stringify(spec.body), "utf8")
    const retries = spec.idempotent ? (spec.retries ?? this.opts.retry.retries) : 0

    for (let attempt = 1; ; attempt++) {
      const started = Date.now()
      const debug = this.logs("debug")
      if (debug) this.log("debug", "platega request", { endpoint, attempt })
      const result = await this.attempt(spec, endpoint, query, body)
      const durationMs = Date.now() - started

      if (result.ok) {
        if (debug) {
          this.log("debug", "platega response", {
            endpoint,
            attempt,
            status: result.status,
            durationMs,
          })
        }
        return this.parse(spec, endpoint, result.text, attempt)
      }

      const { error } = result
      const more = attempt <= retries && result.retry
      const waitTooLong = (result.retryAfterMs ?? 0) > MAX_RETRY_AFTER_MS
      if (!more || waitTooLong) {
        const final = error.withAttempts(attempt)
        this.log("warn", "platega request failed", {
          endpoint,
          attempts: attempt,
          kind: final.kind,
          status: final.httpStatus,
          code: final.code,
          traceId: final.traceId,
          durationMs,
          message: final.message,
        })
        throw final
      }
      const delayMs = result.retryAfterMs ?? backoffDelay(attempt, this.opts.retry)
      this.log("warn", "platega retry", {
        endpoint,
        attempt,
        kind: error.kind,
        status: error.httpStatus,
        delayMs,
      })
      await new Promise((resolve) => setTimeout(resolve, delayMs))
    }
  }

  private headers(
    spec: RequestSpec<z.ZodType>,
    query: string,
    body: Buffer | undefined,
  ): Record<string, string> {
    const h: Record<string, string> = {
      Accept: spec.accept ?? "application/json",
      "Accept-Encoding": ACCEPT_ENCODING,
      "User-Agent": this.opts.userAgent,
    }
    if (body) {
      h["Content-Type"] = "application/json"
    }
    if (spec.idempotencyKey !== undefined) h["Idempotency-Key"] = spec.idempotencyKey
    if (spec.auth === "merchant") {
      Object.assign(h, this.merchant)
    } else {
      const path = `${this.basePath}${spec.path}${this.opts.signPathWithQuery ? query : ""}`
      h.Authorization = hmacAuthorization({
        scheme: this.opts.hmacScheme,
        merchantId: this.opts.merchantId,
        key: this.opts.payoutKey ?? "",
        method: spec.method,
        path,
        ts: unixSeconds(),
        idempotencyKey: spec.idempotencyKey ?? "",
        body: body ?? "",
      })
    }
    return h
  }

  private async attempt(
    spec: RequestSpec<z.ZodType>,
    endpoint: string,
    query: string,
    body: Buffer | undefined,
  ): Promise<Attempt> {
    const timeoutMs = spec.timeoutMs ?? this.opts.timeoutMs
    try {
      const res = await exchange(this.origin, {
        method: spec.method,
        path: `${this.basePath}${spec.path}${query}`,
        headers: this.headers(spec, query, body),
        body,
        timeoutMs,
        maxResponseBytes: MAX_RESPONSE_BYTES,
      })
      const { status, text } = res
      if (status >= 200 && status < 300) return { ok: true, status, text }
      // A 5xx on a call that cannot be repeated: the service may have acted before failing.
      const unknown = !spec.idempotent && status >= 500
      return {
        ok: false,
        ...refusal(res, text, endpoint, this.secrets, unknown ? "outcome_unknown" : "http"),
      }
    } catch (e) {
      const failure = e instanceof TransportError ? e : new TransportError("ERR_NETWORK")
      return { ok: false, ...this.transportFailure(failure, spec, endpoint, timeoutMs) }
    }
  }

  private transportFailure(
    e: TransportError,
    spec: RequestSpec<z.ZodType>,
    endpoint: string,
    timeoutMs: number,
  ): { error: PlategaError; retry: boolean } {
    const { code } = e
    if (e.timedOut) {
      return spec.idempotent
        ? {
            error: new PlategaError({
              kind: "timeout",
              endpoint,
              retryable: true,
              message: `Platega ${endpoint}: no answer within ${timeoutMs} ms`,
            }),
            retry: true,
          }
        : {
            error: new PlategaError({
              kind: "outcome_unknown",
              endpoint,
              message: `Platega ${endpoint}: no answer within ${timeoutMs} ms — ${OUTCOME_UNKNOWN}`,
            }),
            retry: false,
          }
    }
    const notSent = NOT_SENT_CODES.has(code)
    const permanent = PERMANENT_CODES.has(code)
    if (spec.idempotent || notSent) {
      return {
        error: new PlategaError({
          kind: "network",
          endpoint,
          retryable: !permanent,
          message: notSent
            ? `Platega ${endpoint}: could not reach the service (${code}); nothing was sent`
            : `Platega ${endpoint}: network error (${code})`,
        }),
        retry: !permanent,
      }
    }
    return {
      error: new PlategaError({
        kind: "outcome_unknown",
        endpoint,
        message: `Platega ${endpoint}: connection failed in flight (${code}) — ${OUTCOME_UNKNOWN}`,
      }),
      retry: false,
    }
  }

  private parse<S extends z.ZodType>(
    spec: RequestSpec<S>,
    endpoint: string,
    text: string,
    attempts: number,
  ): z.output<S> {
    let json: unknown
    try {
      json = text.trim() === "" ? undefined : JSON.parse(text)
    } catch {
      throw new PlategaError({
        kind: "invalid_response",
        endpoint,
        attempts,
        message: `Platega ${endpoint}: invalid response: the body is not JSON`,
      })
    }
    const parsed = spec.schema.safeParse(json)
    if (!parsed.success) {
      const fieldErrors = fieldErrorsFromIssues(parsed.error.issues, "(body)")
      this.log("warn", "platega invalid response", {
        endpoint,
        fields: fieldErrors.map((f) => f.key),
      })
      throw new PlategaError({
        kind: "invalid_response",
        endpoint,
        attempts,
        fieldErrors,
        message: redact(
          `Platega ${endpoint}: invalid response: ${summarizeFieldErrors(fieldErrors)}`,
          this.secrets,
        ),
      })
    }
    return parsed.data
  }
}
