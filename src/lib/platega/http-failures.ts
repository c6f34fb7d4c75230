import type { z } from "zod"
import {
  OUTCOME_UNKNOWN,
  PlategaError,
  errorFromResponse,
  fieldErrorsFromIssues,
  isRetryableStatus,
  summarizeFieldErrors,
} from "./errors"
import { ADDRESS_NOT_ALLOWED } from "./addresses"
import { redact } from "./redact"

/**
 * The one error mapping of the client: every failed exchange (an answer that is not 2xx, or no
 * usable answer at all) becomes a PlategaError plus whether trying again may help. Used for whole
 * answers and streamed ones alike, so both retry and report the same way.
 *
 * Nothing here sees a request: errors carry an endpoint template and a code, never headers.
 */

export interface Failure {
  error: PlategaError
  /** Whether the same call may succeed if sent again. */
  retry: boolean
  retryAfterMs?: number
}

/** Retry-After longer than this is not waited for: the error reports it instead. */
export const MAX_RETRY_AFTER_MS = 30_000

/** Our own codes for answers that cannot be used (Node's and axios's codes pass through). */
const RESPONSE_TOO_LARGE = "ERR_RESPONSE_TOO_LARGE"
const BAD_ENCODING = "ERR_BAD_RESPONSE"

/** A request that cannot be made as it stands: no second try helps, and nothing was sent. */
const UNSENDABLE = [
  ADDRESS_NOT_ALLOWED,
  "ERR_INVALID_URL",
  "ERR_INVALID_CHAR",
  "CERT_HAS_EXPIRED",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "ERR_TLS_CERT_ALTNAME_INVALID",
]

/** Failures before a single byte of the request left: nothing can have taken effect. */
const NOT_SENT_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ENETUNREACH",
  "EHOSTUNREACH",
  ...UNSENDABLE,
])

/** Failures a second try cannot fix. */
const PERMANENT_CODES = new Set([...UNSENDABLE, RESPONSE_TOO_LARGE, BAD_ENCODING])

type HeaderValue = string | string[] | number | boolean | null | undefined

export function header(headers: Record<string, unknown>, name: string): string | undefined {
  const v = headers[name] as HeaderValue
  if (typeof v === "string") return v
  if (Array.isArray(v) && typeof v[0] === "string") return v[0]
  return undefined
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

export interface ExchangeContext {
  /** "GET /transaction/{id}" */
  endpoint: string
  /** Safe to send more than once. */
  idempotent: boolean
  timeoutMs: number
  /** Literal secret values to cut out of anything copied from an answer. */
  secrets: readonly string[]
}

/** A non-2xx answer as the error it means. */
export function refusal(
  status: number,
  headers: Record<string, unknown>,
  text: string,
  ctx: ExchangeContext,
): Failure {
  const retryAfterMs = parseRetryAfter(header(headers, "retry-after"))
  // A 5xx on a call that cannot be repeated: the service may have acted before failing.
  const unknown = !ctx.idempotent && status >= 500
  const error = errorFromResponse({
    status,
    contentType: header(headers, "content-type"),
    body: text,
    endpoint: ctx.endpoint,
    retryAfterMs,
    secrets: ctx.secrets,
    kind: unknown ? "outcome_unknown" : "http",
  })
  return { error, retry: isRetryableStatus(status), retryAfterMs }
}

/** The code of a failed exchange: Node's (ECONNRESET…), or ours for an unusable answer. */
export function codeOf(e: unknown): string {
  // Duck-typed: errors need not come from this realm's Error (test runners use vm contexts).
  const err =
    typeof e === "object" && e !== null ? (e as { code?: unknown; message?: unknown }) : {}
  const code = typeof err.code === "string" ? err.code : "ERR_NETWORK"
  const message = typeof err.message === "string" ? err.message : ""
  // axios reports these three as ERR_BAD_RESPONSE, told apart by their message.
  if (code === "ERR_BAD_RESPONSE") {
    if (message.startsWith("maxContentLength")) return RESPONSE_TOO_LARGE
    if (message.includes("aborted")) return "ECONNRESET"
    return BAD_ENCODING
  }
  // zlib's codes: a corrupt compressed answer.
  if (code.startsWith("Z_")) return BAD_ENCODING
  return code
}

/** An exchange that got no usable answer: timed out, cancelled, or failed on the way. */
export function transportFailure(
  code: string,
  how: { timedOut: boolean; cancelled: boolean },
  ctx: ExchangeContext,
): Failure {
  const { endpoint } = ctx
  if (how.cancelled) {
    return {
      error: new PlategaError({
        kind: "network",
        endpoint,
        message: `Platega ${endpoint}: cancelled`,
      }),
      retry: false,
    }
  }
  if (how.timedOut) {
    const message = `Platega ${endpoint}: no answer within ${ctx.timeoutMs} ms`
    return ctx.idempotent
      ? {
          error: new PlategaError({ kind: "timeout", endpoint, retryable: true, message }),
          retry: true,
        }
      : {
          error: new PlategaError({
            kind: "outcome_unknown",
            endpoint,
            message: `${message} — ${OUTCOME_UNKNOWN}`,
          }),
          retry: false,
        }
  }
  const notSent = NOT_SENT_CODES.has(code)
  const permanent = PERMANENT_CODES.has(code)
  if (ctx.idempotent || notSent) {
    return {
      error: new PlategaError({
        kind: "network",
        endpoint,
        retryable: !permanent,
        message:
          code === ADDRESS_NOT_ALLOWED
            ? `Platega ${endpoint}: not connected: the host is not a public address (private, link-local, CGNAT or reserved); nothing was sent`
            : notSent
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

/**
 * A 2xx answer read against its schema: the data, or an invalid_response error naming the fields
 * (`onInvalid` hears their names, for the log).
 */
export function parseAnswer<S extends z.ZodType>(
  schema: S,
  text: string,
  ctx: { endpoint: string; attempts: number; secrets: readonly string[] },
  onInvalid: (fields: string[]) => void,
): z.output<S> {
  const { endpoint, attempts } = ctx
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
  const parsed = schema.safeParse(json)
  if (parsed.success) return parsed.data
  const fieldErrors = fieldErrorsFromIssues(parsed.error.issues, "(body)")
  onInvalid(fieldErrors.map((f) => f.key))
  throw new PlategaError({
    kind: "invalid_response",
    endpoint,
    attempts,
    fieldErrors,
    message: redact(
      `Platega ${endpoint}: invalid response: ${summarizeFieldErrors(fieldErrors)}`,
      ctx.secrets,
    ),
  })
}
