import type { ClientRequest, IncomingMessage } from "node:http"
import { PassThrough, type Readable } from "node:stream"
import type { AxiosResponse } from "axios"
import { PlategaError } from "./errors"
import { codeOf, header } from "./http-failures"

/**
 * The body of a streamed answer (exports, export files) once its 2xx has begun. It may take as long
 * as it needs, but a connection silent for BODY_IDLE_MS is cut; a cut, a corrupt compressed body
 * or the caller's signal fail the stream with a PlategaError (never a raw socket error), and a
 * consumer that stops early (destroys the stream) closes the connection.
 */

export interface OpenedStream {
  /** The body, decompressed. Fails with a PlategaError if the connection is cut. */
  body: Readable
  contentType?: string
  /** Only when the answer was not compressed (the length on the wire is then the length read). */
  contentLength?: number
}

const BODY_IDLE_MS = 120_000

export function streamedBody(
  res: AxiosResponse,
  endpoint: string,
  signal: AbortSignal | undefined,
): OpenedStream {
  const source = res.data as Readable
  // axios hands over the socket's own message unless it decompresses (then a zlib stream).
  const raw = (res.request as ClientRequest & { res?: IncomingMessage }).res
  const compressed = source !== raw
  const out = new PassThrough()
  let ended = false
  const cut = (code: string) => {
    if (out.destroyed || ended) return
    source.destroy()
    out.destroy(
      new PlategaError({
        kind: "network",
        endpoint,
        retryable: true,
        message: `Platega ${endpoint}: the answer was cut off (${code})`,
      }),
    )
  }
  const idle = setTimeout(() => cut("ETIMEDOUT"), BODY_IDLE_MS)
  const onAbort = () => cut("ABORT_ERR")
  signal?.addEventListener("abort", onAbort, { once: true })
  source.on("data", () => idle.refresh())
  source.on("end", () => (ended = true))
  source.on("error", (e) => cut(codeOf(e)))
  source.on("close", () => cut("ECONNRESET"))
  out.on("close", () => {
    clearTimeout(idle)
    signal?.removeEventListener("abort", onAbort)
    if (!ended) source.destroy()
  })
  source.pipe(out)
  const length = Number(header(res.headers, "content-length"))
  return {
    body: out,
    contentType: header(res.headers, "content-type"),
    contentLength: !compressed && Number.isFinite(length) ? length : undefined,
  }
}
