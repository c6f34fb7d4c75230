import type { Readable } from "node:stream"
import type { AxiosResponse } from "axios"
import type { z } from "zod"
import { ADDRESS_NOT_ALLOWED } from "./addresses"
import { hmacAuthorization, merchantHeaders, unixSeconds } from "./auth"
import { PlategaError } from "./errors"
import {
  MAX_RETRY_AFTER_MS,
  backoffDelay,
  codeOf,
  parseAnswer,
  refusal,
  transportFailure,
  type ExchangeContext,
  type Failure,
} from "./http-failures"
import type { ResolvedOptions } from "./client-options"
import { redact } from "./redact"
import {
  MAX_ERROR_BODY,
  buildQuery,
  createAxios,
  type HttpMethod,
  type OpenedStream,
  type RequestSpec,
  type StreamRequest,
} from "./http-instance"
import { isRefusedLiteral, pinnedAgents, type PinOptions } from "./pinned-lookup"
import { streamedBody } from "./streamed-body"

export type { HttpMethod, OpenedStream, RequestSpec, StreamRequest }

/**
 * The one place that sends HTTP to Platega: one axios instance per client (so per set of
 * credentials) with its own keep-alive agents, no redirects (a redirect would carry X-Secret to
 * wherever it points), no proxy from the environment, gzip/deflate/br answers decompressed, the
 * body capped, one deadline per attempt. Whole answers (JSON calls) and streamed ones (exports)
 * go through the same attempt, retry loop and error mapping (http-failures.ts).
 *
 * Retry policy: only calls marked `idempotent` are retried (GETs, payouts with their
 * Idempotency-Key, subscription cancel, exports), on network errors, timeouts, 408/429 and 5xx
 * (not 501/505), with jittered exponential backoff capped at retry.maxDelayMs; Retry-After is
 * honoured up to MAX_RETRY_AFTER_MS (longer → give up and report it on the error).
 * Non-idempotent calls (create, refund) are sent exactly once; if the answer is lost, times out or
 * is a 5xx the error kind is `outcome_unknown`. A streamed answer is retried only until its 2xx
 * has begun; a cut once the body flows fails the stream (streamed-body.ts).
 *
 * Secrets: headers are built per attempt and never kept on errors or logged.
 */

/** One exchange as the retry loop sees it. */
interface Exchange extends ExchangeContext {
  method: HttpMethod
  url: string
  /** Built per attempt: a signed call signs the time of each attempt. */
  headers: () => Record<string, string>
  body?: Buffer
  retries: number
  stream: boolean
  signal?: AbortSignal
  /** Connect only to checked addresses (links Platega hands out, a base URL being tried). */
  pinned?: PinOptions
}

type Attempt = ({ ok: true } & { res: AxiosResponse }) | ({ ok: false } & Failure)

export class PlategaHttp {
  private readonly axios = createAxios()
  private readonly origin: string
  private readonly secrets: readonly string[]
  /** Merchant headers never change for a client: built once, copied per request. */
  private readonly merchant: Record<string, string>

  constructor(private readonly opts: ResolvedOptions) {
    this.origin = new URL(opts.baseUrl).origin
    this.secrets = [opts.secret, opts.payoutKey].filter((s): s is string => !!s)
    this.merchant = merchantHeaders(opts.merchantId, opts.secret)
  }

  /** Whether `url` is on the configured Platega origin (the only place credentials may go). */
  isPlategaOrigin(url: URL): boolean {
    return url.origin === this.origin
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
  log(level: "debug" | "info" | "warn" | "error", msg: string, meta?: object): void {
    const logger = this.opts.logger
    // Redaction costs a pass over every line: skipped for levels the logger drops.
    if (!logger || !this.logs(level)) return
    try {
      logger[level](redact(msg, this.secrets), meta && (redact(meta, this.secrets) as object))
    } catch {
      // a broken logger must not break a payment
    }
  }

  /** A JSON call: the whole answer, checked against `spec.schema`. */
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
    const { res, attempts } = await this.exchange({
      method: spec.method,
      endpoint,
      url: `${this.opts.baseUrl}${spec.path}${query}`,
      headers: () => this.headers(spec, query, body),
      body,
      idempotent: spec.idempotent,
      retries: spec.idempotent ? (spec.retries ?? this.opts.retry.retries) : 0,
      timeoutMs: spec.timeoutMs ?? this.opts.timeoutMs,
      secrets: this.secrets,
      stream: false,
      pinned: this.opts.pinned,
    })
    return parseAnswer(
      spec.schema,
      res.data as string,
      { endpoint, attempts, secrets: this.secrets },
      (fields) => this.log("warn", "platega invalid response", { endpoint, fields }),
    )
  }

  /**
   * A streamed answer: resolves once a 2xx answer has begun (an error answer rejects, mapped like
   * every other call); the body then flows at its own pace (see streamed-body.ts).
   */
  async open(req: StreamRequest): Promise<OpenedStream> {
    if (req.credentials && !this.isPlategaOrigin(req.url)) {
      throw new PlategaError({
        kind: "config",
        endpoint: req.endpoint,
        message: `Platega ${req.endpoint}: refusing to send credentials outside ${this.origin}`,
      })
    }
    const headers: Record<string, string> = {
      Accept: req.accept,
      "User-Agent": this.opts.userAgent,
      ...(req.body && { "Content-Type": "application/json" }),
      ...(req.credentials && this.merchant),
    }
    const { res } = await this.exchange({
      method: req.method,
      endpoint: req.endpoint,
      url: req.url.href,
      headers: () => headers,
      body: req.body,
      idempotent: true,
      retries: this.opts.retry.retries,
      timeoutMs: this.opts.timeoutMs,
      secrets: this.secrets,
      stream: true,
      signal: req.signal,
      pinned: req.pinned ?? this.opts.pinned,
    })
    return streamedBody(res, req.endpoint, req.signal)
  }

  /** The retry loop: every call, whole or streamed. */
  private async exchange(x: Exchange): Promise<{ res: AxiosResponse; attempts: number }> {
    for (let attempt = 1; ; attempt++) {
      const started = Date.now()
      const debug = this.logs("debug")
      if (debug) this.log("debug", "platega request", { endpoint: x.endpoint, attempt })
      const result = await this.attempt(x)
      const durationMs = Date.now() - started
      if (result.ok) {
        if (debug) {
          this.log("debug", "platega response", {
            endpoint: x.endpoint,
            attempt,
            status: result.res.status,
            durationMs,
          })
        }
        return { res: result.res, attempts: attempt }
      }
      const { error } = result
      const more = attempt <= x.retries && result.retry && !x.signal?.aborted
      if (!more || (result.retryAfterMs ?? 0) > MAX_RETRY_AFTER_MS) {
        const final = error.withAttempts(attempt)
        this.log("warn", "platega request failed", {
          endpoint: x.endpoint,
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
        endpoint: x.endpoint,
        attempt,
        kind: error.kind,
        status: error.httpStatus,
        delayMs,
      })
      await new Promise((resolve) => setTimeout(resolve, delayMs))
    }
  }

  /** One attempt within one deadline: until the whole answer is in, or a streamed one begins. */
  private async attempt(x: Exchange): Promise<Attempt> {
    const deadline = new AbortController()
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      deadline.abort()
    }, x.timeoutMs)
    const signal = x.signal ? AbortSignal.any([deadline.signal, x.signal]) : deadline.signal
    // A pinned call to a refused IP address is never made (a name is checked when resolved).
    if (x.pinned && isRefusedLiteral(new URL(x.url).hostname, x.pinned)) {
      clearTimeout(timer)
      const how = { timedOut: false, cancelled: false }
      return { ok: false, ...transportFailure(ADDRESS_NOT_ALLOWED, how, x) }
    }
    try {
      const res = await this.axios.request<string | Readable>({
        method: x.method,
        url: x.url,
        headers: x.headers(),
        // A bodyless POST goes with Content-Length 0: chunked, Platega would refuse it.
        data: x.body ?? (x.method === "POST" ? Buffer.alloc(0) : undefined),
        signal,
        responseType: x.stream ? "stream" : "text",
        // A streamed answer is as big as the export: its size is the caller's to bound.
        ...(x.stream && { maxContentLength: -1 }),
        ...(x.pinned && pinnedAgents(x.pinned)),
      })
      if (res.status >= 200 && res.status < 300) return { ok: true, res }
      const text = x.stream ? await errorText(res.data as Readable) : (res.data as string)
      return { ok: false, ...refusal(res.status, res.headers, text, x) }
    } catch (e) {
      const how = { timedOut, cancelled: !!x.signal?.aborted }
      return { ok: false, ...transportFailure(codeOf(e), how, x) }
    } finally {
      clearTimeout(timer)
    }
  }

  private headers(
    spec: RequestSpec<z.ZodType>,
    query: string,
    body: Buffer | undefined,
  ): Record<string, string> {
    const h: Record<string, string> = {
      Accept: spec.accept ?? "application/json",
      "User-Agent": this.opts.userAgent,
    }
    if (body) h["Content-Type"] = "application/json"
    if (spec.idempotencyKey !== undefined) h["Idempotency-Key"] = spec.idempotencyKey
    if (spec.auth === "merchant") return Object.assign(h, this.merchant)
    const basePath = new URL(this.opts.baseUrl).pathname.replace(/\/+$/, "")
    h.Authorization = hmacAuthorization({
      scheme: this.opts.hmacScheme,
      merchantId: this.opts.merchantId,
      key: this.opts.payoutKey ?? "",
      method: spec.method,
      path: `${basePath}${spec.path}${this.opts.signPathWithQuery ? query : ""}`,
      ts: unixSeconds(),
      idempotencyKey: spec.idempotencyKey ?? "",
      body: body ?? "",
    })
    return h
  }
}

/** The text of an error answer to a streamed call, capped ("" past the cap). */
async function errorText(body: Readable): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_ERROR_BODY) {
      body.destroy()
      return ""
    }
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString("utf8")
}
