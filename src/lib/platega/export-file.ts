import { PlategaError } from "./errors"
import { checkFileUrl } from "./hosts"
import type { PlategaHttp } from "./http"
import { isRefusedLiteral } from "./pinned-lookup"
import type { OpenedStream } from "./streamed-body"

/**
 * PlategaClient.downloadExportFile: the file behind an export's `{url}`, opened as a stream. Only
 * over https from Platega's domain or the base URL's host (http and loopback only for a sandbox on
 * loopback), connecting only to the public addresses the name resolved to (hosts.ts,
 * pinned-lookup.ts). The merchant headers go along only when the link is on Platega's own origin.
 */
export function openExportFile(
  http: PlategaHttp,
  baseUrl: string,
  url: string,
  signal: AbortSignal | undefined,
): Promise<OpenedStream> {
  const endpoint = "GET (export file)"
  const check = checkFileUrl(url, baseUrl)
  const refuse = (reason: string) =>
    new PlategaError({
      kind: "invalid_response",
      endpoint,
      message: `Platega export file: not fetched: ${reason}`,
    })
  if (!check.ok) throw refuse(check.reason)
  const target = check.url
  if (isRefusedLiteral(target.hostname, check))
    throw refuse(`${target.hostname} is not a public address`)
  return http.open({
    method: "GET",
    endpoint,
    url: target,
    accept: "*/*",
    credentials: http.isPlategaOrigin(target),
    signal,
    pinned: { loopbackAllowed: check.loopbackAllowed },
  })
}

/** Yields from `records`, closing `body` however the iteration ends (done, break or error). */
export async function* closing<T>(
  body: { destroy(): void },
  records: AsyncIterable<T>,
): AsyncGenerator<T> {
  try {
    yield* records
  } finally {
    body.destroy()
  }
}
