// The error type and the one reading of every error body Platega sends (new, old, problem
// details, text, HTML) belong together: each half needs the other.
import { STATUS_CODES } from "node:http"
import { inspect } from "node:util"
import { ERROR_CODE_ADVICE, NOT_FOUND_AS_400 } from "./codes"
import { redact } from "./redact"

/**
 * - http: the service answered with a non-2xx status (outcome known: for a create, nothing was made)
 * - network: no answer (connection refused, reset, DNS…) on a call that is safe to repeat, or a
 *   failure before the request was sent
 * - timeout: no answer in time on a call that is safe to repeat
 * - outcome_unknown: a non-idempotent call (create, refund) failed in flight, timed out or got a
 *   5xx: it may or may not have taken effect; check before trying again
 * - invalid_response: the service answered 2xx with a body we cannot use
 * - invalid_payload: a callback body we cannot recognise
 * - invalid_request: our own input was refused before anything was sent
 * - config: client options are wrong or missing (e.g. no payout key for a signed endpoint)
 */
export type PlategaErrorKind =
  | "http"
  | "network"
  | "timeout"
  | "outcome_unknown"
  | "invalid_response"
  | "invalid_payload"
  | "invalid_request"
  | "config"

export interface PlategaFieldError {
  key: string
  message: string
}

interface PlategaErrorInit {
  kind: PlategaErrorKind
  message: string
  endpoint?: string
  httpStatus?: number
  code?: string
  type?: number | string
  fieldErrors?: PlategaFieldError[]
  traceId?: string
  retryable?: boolean
  retryAfterMs?: number
  attempts?: number
}

/** Only these fields ever leave an error (toJSON, util.inspect). None of them can hold a secret. */
export interface PlategaErrorJSON {
  name: "PlategaError"
  kind: PlategaErrorKind
  message: string
  endpoint: string
  httpStatus?: number
  code?: string
  type?: number | string
  fieldErrors: PlategaFieldError[]
  traceId?: string
  retryable: boolean
  retryAfterMs?: number
  attempts?: number
}

export class PlategaError extends Error {
  override readonly name = "PlategaError"
  readonly kind: PlategaErrorKind
  /** METHOD + path template, e.g. "GET /transaction/{id}"; never a query string or a header. */
  readonly endpoint: string
  readonly httpStatus?: number
  /** Service error code, e.g. "Auth:SIGN_1001". */
  readonly code?: string
  /** Service error type, e.g. 4002. */
  readonly type?: number | string
  readonly fieldErrors: PlategaFieldError[]
  readonly traceId?: string
  /** Whether trying the same call again later may succeed without changing it. */
  readonly retryable: boolean
  /** From Retry-After, when the service sent one. */
  readonly retryAfterMs?: number
  /** How many requests were sent (1 + retries). */
  readonly attempts?: number

  constructor(init: PlategaErrorInit) {
    super(init.message)
    this.kind = init.kind
    this.endpoint = init.endpoint ?? ""
    this.httpStatus = init.httpStatus
    this.code = init.code
    this.type = init.type
    this.fieldErrors = init.fieldErrors ?? []
    this.traceId = init.traceId
    this.retryable = init.retryable ?? false
    this.retryAfterMs = init.retryAfterMs
    this.attempts = init.attempts
  }

  /** A copy with the attempt count filled in (errors are built per attempt, reported once). */
  withAttempts(attempts: number): PlategaError {
    const copy = new PlategaError({ ...this.toJSON(), attempts })
    copy.stack = this.stack
    return copy
  }

  toJSON(): PlategaErrorJSON {
    const json: PlategaErrorJSON = {
      name: "PlategaError",
      kind: this.kind,
      message: this.message,
      endpoint: this.endpoint,
      fieldErrors: this.fieldErrors.map((f) => ({ key: f.key, message: f.message })),
      retryable: this.retryable,
    }
    if (this.httpStatus !== undefined) json.httpStatus = this.httpStatus
    if (this.code !== undefined) json.code = this.code
    if (this.type !== undefined) json.type = this.type
    if (this.traceId !== undefined) json.traceId = this.traceId
    if (this.retryAfterMs !== undefined) json.retryAfterMs = this.retryAfterMs
    if (this.attempts !== undefined) json.attempts = this.attempts
    return json
  }

  [inspect.custom](): string {
    return `${this.stack ?? this.message}\n${inspect(this.toJSON(), { depth: 3 })}`
  }
}

/** Validation issues (zod's, or any with a path) → field errors keyed by the dotted path. */
export function fieldErrorsFromIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  rootKey = "",
): PlategaFieldError[] {
  return issues.map((i) => ({ key: i.path.map(String).join(".") || rootKey, message: i.message }))
}

/** "key: message; key: message; key: message; …" for a message line. */
export function summarizeFieldErrors(fields: readonly PlategaFieldError[], max = 3): string {
  const shown = fields.slice(0, max).map((f) => (f.key ? `${f.key}: ${f.message}` : f.message))
  return `${shown.join("; ")}${fields.length > max ? "; …" : ""}`
}

/** The advice every outcome_unknown message carries. */
export const OUTCOME_UNKNOWN =
  "outcome unknown: the request may have taken effect. Check its status before trying again " +
  "(a payment: find it by payload in the export or wait for its callback; a refund: GET /transaction/{id})"

export function isPlategaError(e: unknown): e is PlategaError {
  return e instanceof PlategaError
}

// ---------------------------------------------------------------------------------------------
// Building an error from whatever body the service sent
// ---------------------------------------------------------------------------------------------

interface ErrorResponse {
  status: number
  /** Content-Type header value, if any. */
  contentType?: string
  /** Raw body text ("" when empty). */
  body: string
  endpoint: string
  retryAfterMs?: number
  /** Literal secret values to cut out of anything copied from the body. */
  secrets?: readonly string[]
  /** Override the kind (outcome_unknown for a 5xx on a non-idempotent call). */
  kind?: PlategaErrorKind
}

interface ParsedBody {
  code?: string
  type?: number | string
  message?: string
  traceId?: string
  fieldErrors: PlategaFieldError[]
}

const MAX_MESSAGE = 500

function oneLine(s: string): string {
  const flat = s.replace(/\s+/g, " ").trim()
  return flat.length > MAX_MESSAGE ? `${flat.slice(0, MAX_MESSAGE)}…` : flat
}

function str(v: unknown): string | undefined {
  if (typeof v === "string" && v.trim() !== "") return v
  if (typeof v === "number" && Number.isFinite(v)) return String(v)
  return undefined
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v)
}

function fieldErrorsFrom(data: unknown): PlategaFieldError[] {
  // New shape: data: [{ key, message }]
  if (Array.isArray(data)) {
    return data.flatMap((d) => {
      if (!isRecord(d)) return str(d) ? [{ key: "", message: String(d) }] : []
      const key = str(d.key) ?? str(d.field) ?? str(d.propertyName) ?? ""
      const message = str(d.message) ?? str(d.error) ?? str(d.errorMessage) ?? ""
      return key || message ? [{ key, message }] : []
    })
  }
  // ASP.NET problem details: errors: { "field": ["msg", …] }
  if (isRecord(data)) {
    return Object.entries(data).flatMap(([key, v]) =>
      (Array.isArray(v) ? v : [v]).flatMap((m) => (str(m) ? [{ key, message: String(m) }] : [])),
    )
  }
  return []
}

function parseJsonBody(json: unknown): ParsedBody {
  if (!isRecord(json)) {
    return { message: typeof json === "string" ? json : undefined, fieldErrors: [] }
  }
  const typeRaw = json.type
  const type =
    typeof typeRaw === "number" || (typeof typeRaw === "string" && typeRaw !== "")
      ? typeRaw
      : undefined
  const fieldErrors = [...fieldErrorsFrom(json.data), ...fieldErrorsFrom(json.errors)]
  return {
    code: str(json.code) ?? str(json.errorCode),
    type,
    message: str(json.message) ?? str(json.title) ?? str(json.error) ?? str(json.detail),
    traceId: str(json.traceId) ?? str(json.traceID) ?? str(json.trace_id),
    fieldErrors,
  }
}

function parseBody(contentType: string, body: string): ParsedBody {
  const text = body.trim()
  if (text === "") return { fieldErrors: [] }
  if (/json/i.test(contentType) || /^[[{"]/.test(text)) {
    try {
      return parseJsonBody(JSON.parse(text))
    } catch {
      // not JSON after all: fall through to text handling
    }
  }
  if (/html/i.test(contentType) || /^<(!doctype|html)/i.test(text)) {
    const title = /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1]
    return {
      message: title ? `HTML error page: ${oneLine(title)}` : "HTML error page",
      fieldErrors: [],
    }
  }
  return { message: text, fieldErrors: [] }
}

/** Retryable HTTP statuses for idempotent calls. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || (status >= 500 && status !== 501 && status !== 505)
}

/** What the merchant can do about an answer, when its code or endpoint says more than its text. */
function adviceFor(status: number, endpoint: string, code: string | undefined): string | undefined {
  if (code && Object.hasOwn(ERROR_CODE_ADVICE, code)) return ERROR_CODE_ADVICE[code]
  if (status === 400 && Object.hasOwn(NOT_FOUND_AS_400, endpoint)) return NOT_FOUND_AS_400[endpoint]
  return undefined
}

/** Builds the error for a non-2xx answer, whatever its body: new, old, problem-details, text, HTML, empty. */
export function errorFromResponse(res: ErrorResponse): PlategaError {
  const secrets = res.secrets ?? []
  const parsed = parseBody(res.contentType ?? "", res.body)
  const clean = (s: string | undefined): string | undefined =>
    s === undefined ? undefined : oneLine(redact(s, secrets))
  const statusText = STATUS_CODES[res.status] ?? "HTTP error"
  const message = clean(parsed.message) || statusText
  const code = clean(parsed.code)
  const traceId = clean(parsed.traceId)
  const kind = res.kind ?? "http"
  const advice = adviceFor(res.status, res.endpoint, code)
  const head = `Platega ${res.status}${code ? ` ${code}` : ""}: ${message}${advice ? ` — ${advice}` : ""}`
  const fieldErrors = parsed.fieldErrors.map((f) => ({
    key: clean(f.key) ?? "",
    message: clean(f.message) ?? "",
  }))
  const fields = fieldErrors.length ? ` [${summarizeFieldErrors(fieldErrors)}]` : ""
  const trace = traceId ? ` (traceId ${traceId})` : ""
  const tail = kind === "outcome_unknown" ? ` — ${OUTCOME_UNKNOWN}` : ""
  return new PlategaError({
    kind,
    message: `${head}${fields}${trace}${tail}`,
    endpoint: res.endpoint,
    httpStatus: res.status,
    code,
    type: typeof parsed.type === "string" ? clean(parsed.type) : parsed.type,
    fieldErrors,
    traceId,
    retryable: kind === "http" && isRetryableStatus(res.status),
    retryAfterMs: res.retryAfterMs,
  })
}

/** What a record or a response keeps of a failure: Platega's code, message and traceId, or ours. */
export interface PlategaErrorView {
  message: string
  code?: string
  trace_id?: string
  http_status?: number
}

export function plategaErrorView(e: unknown): PlategaErrorView {
  if (isPlategaError(e)) {
    return {
      message: e.message,
      ...(e.code !== undefined && { code: e.code }),
      ...(e.traceId !== undefined && { trace_id: e.traceId }),
      ...(e.httpStatus !== undefined && { http_status: e.httpStatus }),
    }
  }
  return { message: e instanceof Error ? e.message : String(e) }
}
