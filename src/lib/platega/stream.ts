import type { IncomingMessage } from "node:http"
import { PassThrough, type Readable } from "node:stream"
import { merchantHeaders } from "./auth"
import { PlategaError } from "./errors"
import { MAX_RETRY_AFTER_MS, backoffDelay, header, refusal } from "./http"
import type { ResolvedOptions } from "./options"
import { redact } from "./redact"
import {
  RESPONSE_TOO_LARGE,
  TransportError,
  codeOf,
  decoder,
  openResponse,
  parseOrigin,
  readBody,
} from "./transport"

/**
 * Answers too big to hold in memory (the JSON export, export files) as streams.
 *
 * Same rules as http.ts: no redirects (they would carry X-Secret elsewhere), retries only until a
 * 2xx answer has begun (a read, so safe to repeat), errors mapped by errorFromResponse with the
 * secrets cut out. Once the body flows nothing is retried: a cut connection fails the stream with
 * a PlategaError, and the caller starts over.
 *
 * Deadlines: `timeoutMs` for the answer to begin; the body may then take as long as it needs, but
 * a connection silent for BODY_IDLE_MS is cut.
 */

export interface StreamRequest {
  method: "GET" | "POST"
  /** For errors and logs: "POST /transaction/export/json". */
  endpoint: string
  url: URL
  body?: Buffer
  accept: string
  /** Send X-MerchantId/X-Secret. Only ever for the configured base URL's origin. */
  credentials: boolean
  signal?: AbortSignal
}

export interface OpenedStream {
  /** The body, decompressed. Fails with a PlategaError if the connection is cut. */
  body: Readable
  contentType?: string
  /** Only when the answer was not compressed (the length on the wire is then the length read). */
  contentLength?: number
}

const MAX_ERROR_BODY = 1024 * 1024
/** Transport failures that a second try cannot fix. */
const PERMANENT_CODES = new Set([
  "ERR_INVALID_URL",
  "CERT_HAS_EXPIRED",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "ERR_TLS_CERT_ALTNAME_INVALID",
  "ERR_INVALID_CHAR",
])
export const BODY_IDLE_MS = 120_000

type Attempt =
  | { ok: true; res: IncomingMessage }
  | { ok: false; error: PlategaError; retry: boolean; retryAfterMs?: number }

export class PlategaStreams {
  private readonly secrets: readonly string[]

  constructor(private readonly opts: ResolvedOptions) {
    this.secrets = [opts.secret, opts.payoutKey].filter((s): s is string => !!s)
  }

  /** Whether `url` is on the configured Platega origin (the only place credentials may go). */
  isPlategaOrigin(url: URL): boolean {
    return url.origin === new URL(this.opts.baseUrl).origin
  }

  async open(req: StreamRequest): Promise<OpenedStream> {
    if (req.credentials && !this.isPlategaOrigin(req.url)) {
      throw new PlategaError({
        kind: "config",
        endpoint: req.endpoint,
        message: `Platega ${req.endpoint}: refusing to send credentials outside ${new URL(this.opts.baseUrl).origin}`,
      })
    }
    const retries = this.opts.retry.retries
    for (let attempt = 1; ; attempt++) {
      const result = await this.attempt(req)
      if (result.ok) return this.opened(req, result.res)
      const more = attempt <= retries && result.retry && !req.signal?.aborted
      if (!more || (result.retryAfterMs ?? 0) > MAX_RETRY_AFTER_MS) {
        const final = result.error.withAttempts(attempt)
        this.log("warn", "platega request failed", {
          endpoint: req.endpoint,
          attempts: attempt,
          kind: final.kind,
          status: final.httpStatus,
          code: final.code,
          traceId: final.traceId,
          message: final.message,
        })
        throw final
      }
      const delayMs = result.retryAfterMs ?? backoffDelay(attempt, this.opts.retry)
      this.log("warn", "platega retry", {
        endpoint: req.endpoint,
        attempt,
        kind: result.error.kind,
        status: result.error.httpStatus,
        delayMs,
      })
      await new Promise((resolve) => setTimeout(resolve, delayMs))
    }
  }

  private log(level: "warn" | "debug", msg: string, meta: Record<string, unknown>): void {
    try {
      this.opts.logger?.[level](redact(msg, this.secrets), redact(meta, this.secrets) as object)
    } catch {
      // a broken logger must not break an export
    }
  }

  private headers(req: StreamRequest): Record<string, string> {
    const h: Record<string, string> = {
      Accept: req.accept,
      "Accept-Encoding": "gzip, deflate, br",
      "User-Agent": this.opts.userAgent,
    }
    if (req.body) {
      h["Content-Type"] = "application/json"
    }
    if (req.credentials) Object.assign(h, merchantHeaders(this.opts.merchantId, this.opts.secret))
    return h
  }

  private async attempt(req: StreamRequest): Promise<Attempt> {
    const { endpoint } = req
    let res: IncomingMessage
    try {
      res = await openResponse(parseOrigin(req.url), {
        method: req.method,
        path: `${req.url.pathname}${req.url.search}`,
        headers: this.headers(req),
        body: req.body,
        timeoutMs: this.opts.timeoutMs,
        signal: req.signal,
      })
    } catch (e) {
      const code = e instanceof TransportError ? e.code : codeOf(e)
      const timedOut = e instanceof TransportError && e.timedOut
      const retry = code !== "ABORT_ERR" && !PERMANENT_CODES.has(code)
      return {
        ok: false,
        retry,
        error: transportError(endpoint, code, timedOut, this.opts.timeoutMs),
      }
    }
    const status = res.statusCode ?? 0
    if (status >= 200 && status < 300) return { ok: true, res }
    let text: string
    try {
      text = await readBody(res, MAX_ERROR_BODY)
    } catch (e) {
      const code = e instanceof TransportError ? e.code : codeOf(e)
      // An error page too big to keep says nothing more than its status.
      if (code !== RESPONSE_TOO_LARGE) {
        return { ok: false, retry: true, error: transportError(endpoint, code, false, 0) }
      }
      text = ""
    }
    return { ok: false, ...refusal(res, text, endpoint, this.secrets) }
  }

  /** The body as a stream that fails with a PlategaError (never a raw socket error). */
  private opened(req: StreamRequest, res: IncomingMessage): OpenedStream {
    const encoding = header(res.headers, "content-encoding")
    const unzip = decoder(encoding)
    const out = new PassThrough()
    const cut = (code: string) => {
      if (out.destroyed) return
      res.destroy()
      unzip?.destroy()
      out.destroy(
        new PlategaError({
          kind: "network",
          endpoint: req.endpoint,
          retryable: true,
          message: `Platega ${req.endpoint}: the answer was cut off (${code})`,
        }),
      )
    }
    const onAbort = () => cut("ABORT_ERR")
    req.signal?.addEventListener("abort", onAbort, { once: true })
    res.setTimeout(BODY_IDLE_MS, () => cut("ETIMEDOUT"))
    res.on("aborted", () => cut("ECONNRESET"))
    res.on("error", (e) => cut(codeOf(e)))
    unzip?.on("error", () => cut("ERR_BAD_RESPONSE"))
    // A consumer that gives up early (destroys the stream) closes the connection too.
    out.on("close", () => {
      req.signal?.removeEventListener("abort", onAbort)
      if (!res.complete) res.destroy()
    })
    ;(unzip ? res.pipe(unzip) : res).pipe(out)
    const length = Number(header(res.headers, "content-length"))
    return {
      body: out,
      contentType: header(res.headers, "content-type"),
      contentLength: !unzip && Number.isFinite(length) ? length : undefined,
    }
  }
}

function transportError(
  endpoint: string,
  code: string,
  timedOut: boolean,
  timeoutMs: number,
): PlategaError {
  if (timedOut) {
    return new PlategaError({
      kind: "timeout",
      endpoint,
      retryable: true,
      message: `Platega ${endpoint}: no answer within ${timeoutMs} ms`,
    })
  }
  if (code === "ABORT_ERR") {
    return new PlategaError({
      kind: "network",
      endpoint,
      message: `Platega ${endpoint}: cancelled`,
    })
  }
  return new PlategaError({
    kind: "network",
    endpoint,
    retryable: true,
    message: `Platega ${endpoint}: network error (${code})`,
  })
}
