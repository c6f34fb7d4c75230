import http, { type IncomingHttpHeaders, type IncomingMessage } from "node:http"
import https from "node:https"
import zlib from "node:zlib"

/**
 * One HTTP exchange with Platega on Node's own http/https: no redirects followed (a redirect would
 * carry X-Secret to wherever it points), gzip/deflate/br answers decompressed, the body capped,
 * one deadline for the whole exchange. Connections are kept alive by Node's global agents (a store
 * that routes traffic through a proxy agent installs it there). Retries and error meaning live in
 * http.ts; this file only moves bytes.
 *
 * Both kinds of call go through openResponse: whole answers (exchange, for http.ts) and answers
 * read as streams (stream.ts, for exports), so keep-alive, deadlines and error codes are one thing.
 *
 * Failures reject with a TransportError carrying only a code: never the request, whose headers hold
 * the merchant's secret.
 */

export interface Origin {
  protocol: "http:" | "https:"
  hostname: string
  port: string
  /** the Host header: hostname, and the port when it is not the protocol's default */
  host: string
}

export interface ExchangeRequest {
  method: string
  /** path and query, already encoded */
  path: string
  /** sent as given, but for Content-Length (set here from the body); see ACCEPT_ENCODING */
  headers: Record<string, string>
  body?: Buffer
  timeoutMs: number
  maxResponseBytes: number
}

export interface ExchangeResponse {
  status: number
  headers: IncomingHttpHeaders
  text: string
}

export class TransportError extends Error {
  constructor(
    readonly code: string,
    readonly timedOut = false,
  ) {
    super(code)
    this.name = "TransportError"
  }
}

/** Codes of our own making (Node's own codes pass through unchanged). */
export const RESPONSE_TOO_LARGE = "ERR_RESPONSE_TOO_LARGE"
export const BAD_ENCODING = "ERR_BAD_RESPONSE"

/** What readBody can decompress. */
export const ACCEPT_ENCODING = "gzip, deflate, br"

export function parseOrigin(url: URL): Origin {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new TypeError(`unsupported protocol ${url.protocol}`)
  }
  // URL keeps IPv6 hosts bracketed; the http module wants them bare.
  return {
    protocol: url.protocol,
    hostname: url.hostname.replace(/^\[|\]$/g, ""),
    port: url.port,
    host: url.host,
  }
}

/**
 * Headers as raw lines (`[name, value, …]`, Host first) when the request goes through Node's own
 * agent: Node then writes them as they are instead of storing each one through setHeader, which
 * costs more than all the rest of a call's own work. An agent of the store's (a proxy agent) gets
 * the usual object, as it may add or rewrite headers before the request is written.
 */
function headerLines(
  origin: Origin,
  agent: http.Agent,
  request: OpenRequest,
): Record<string, string> | string[] {
  const { headers, body } = request
  const own =
    Object.getPrototypeOf(agent) === (origin.protocol === "https:" ? https : http).Agent.prototype
  if (!own) return headers
  const lines = ["Host", origin.host]
  for (const name in headers) lines.push(name, headers[name])
  // Raw lines are final: Node no longer adds Content-Length from the body (a bodyless POST would
  // go out chunked, which Platega refuses without a Content-Type).
  if (body !== undefined || (request.method !== "GET" && request.method !== "HEAD")) {
    lines.push("Content-Length", String(body?.length ?? 0))
  }
  return lines
}

export interface OpenRequest {
  method: string
  /** path and query, already encoded */
  path: string
  headers: Record<string, string>
  body?: Buffer
  /** Deadline for the answer's headers. */
  timeoutMs: number
  signal?: AbortSignal
}

/**
 * Sends a request: the one place a request is made. `onResponse` gets the answer once its headers
 * are in, `onError` a code for a request that failed before that (never the request itself).
 */
function send(
  origin: Origin,
  request: OpenRequest,
  onResponse: (res: IncomingMessage) => void,
  onError: (code: string) => void,
): http.ClientRequest | undefined {
  let req: http.ClientRequest
  const module = origin.protocol === "https:" ? https : http
  try {
    req = module.request(
      {
        protocol: origin.protocol,
        hostname: origin.hostname,
        port: origin.port,
        method: request.method,
        path: request.path,
        headers: headerLines(origin, module.globalAgent, request),
      },
      onResponse,
    )
  } catch (e) {
    // Invalid header characters and the like throw before anything is sent. Reported once send
    // has returned, like every other failure, so the caller always holds what it returned.
    queueMicrotask(() => onError(codeOf(e)))
    return undefined
  }
  req.on("error", (e) => onError(codeOf(e)))
  req.end(request.body)
  return req
}

/**
 * Resolves with the response as soon as its headers arrive, its body still to be read (answers
 * read as streams). Rejects with a TransportError: `ABORT_ERR` when the signal fires, `ETIMEDOUT`
 * when no answer begins within `timeoutMs`.
 */
export function openResponse(origin: Origin, request: OpenRequest): Promise<IncomingMessage> {
  if (request.signal?.aborted) return Promise.reject(new TransportError("ABORT_ERR"))
  return new Promise((resolve, reject) => {
    let settled = false
    const done = () => {
      settled = true
      clearTimeout(timer)
      request.signal?.removeEventListener("abort", onAbort)
    }
    const fail = (code: string, timedOut = false) => {
      if (settled) return
      done()
      req?.destroy()
      reject(new TransportError(code, timedOut))
    }
    const onAbort = () => fail("ABORT_ERR")
    const timer = setTimeout(() => fail("ETIMEDOUT", true), request.timeoutMs)
    request.signal?.addEventListener("abort", onAbort, { once: true })
    const req = send(
      origin,
      request,
      (res) => {
        if (settled) return void res.destroy()
        done()
        resolve(res)
      },
      (code) => fail(code),
    )
  })
}

/** One whole exchange (the answer read to its end) within one deadline. */
export function exchange(origin: Origin, request: ExchangeRequest): Promise<ExchangeResponse> {
  return new Promise((resolve, reject) => {
    let settled = false
    const fail = (code: string, timedOut = false) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      req?.destroy()
      reject(new TransportError(code, timedOut))
    }
    const timer = setTimeout(() => fail("ETIMEDOUT", true), request.timeoutMs)
    const req = send(
      origin,
      request,
      (res) =>
        readBody(res, request.maxResponseBytes).then(
          (text) => {
            if (settled) return
            settled = true
            clearTimeout(timer)
            resolve({ status: res.statusCode ?? 0, headers: res.headers, text })
          },
          (e: unknown) => fail(e instanceof TransportError ? e.code : codeOf(e)),
        ),
      (code) => fail(code),
    )
  })
}

export function codeOf(e: unknown): string {
  // Duck-typed: Node's errors need not come from this realm's Error (test runners use vm contexts).
  const code = typeof e === "object" && e !== null ? (e as { code?: unknown }).code : undefined
  return typeof code === "string" ? code : "ERR_NETWORK"
}

export function decoder(
  encoding: string | undefined,
): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | undefined {
  switch (encoding?.trim().toLowerCase()) {
    case "gzip":
    case "x-gzip":
      return zlib.createGunzip()
    case "deflate":
      return zlib.createInflate()
    case "br":
      return zlib.createBrotliDecompress()
    default:
      return undefined
  }
}

/** The whole body as text, decompressed; rejects past `limit` bytes (after decompression). */
export function readBody(res: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const unzip = decoder(res.headers["content-encoding"])
    const source: NodeJS.ReadableStream = unzip ? res.pipe(unzip) : res
    const chunks: Buffer[] = []
    let size = 0
    let done = false
    const stop = (e: unknown) => {
      if (done) return
      done = true
      res.destroy()
      unzip?.destroy()
      reject(e)
    }
    source.on("data", (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) stop(new TransportError(RESPONSE_TOO_LARGE))
      else chunks.push(chunk)
    })
    source.on("end", () => {
      if (done) return
      done = true
      resolve(
        chunks.length === 1 ? chunks[0].toString("utf8") : Buffer.concat(chunks).toString("utf8"),
      )
    })
    // A cut connection mid-body errors on the response; a corrupt stream on the decompressor.
    res.on("error", stop)
    res.on("aborted", () => stop(new TransportError("ECONNRESET")))
    unzip?.on("error", () => stop(new TransportError(BAD_ENCODING)))
  })
}
