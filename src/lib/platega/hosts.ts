/**
 * Which addresses are Platega's, by name only (no Node imports: the settings table and the
 * response schemas use it). Platega answers at https://app.platega.io and shows its payer pages
 * on pay.platega.io; a loopback base URL is the sandbox of a developer's machine.
 */

/** The production API hosts Platega is known to answer on. */
export const PLATEGA_API_HOSTS: readonly string[] = ["app.platega.io"]
/** Platega's own domain: its payer pages and export files are served under it. */
export const PLATEGA_DOMAIN = "platega.io"

/** What a base URL points at: Platega's API, a sandbox on this machine, or anything else. */
export type BaseUrlKind = "platega" | "sandbox" | "other"

const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, "").toLowerCase()

/** localhost, 127.0.0.0/8 or ::1, by name (a name is never resolved here). */
export function isLoopbackHost(hostname: string): boolean {
  const host = bare(hostname)
  return (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    host === "::1" ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  )
}

/** platega.io or a name under it. */
export function isPlategaHost(hostname: string): boolean {
  const host = bare(hostname).replace(/\.$/, "")
  return host === PLATEGA_DOMAIN || host.endsWith(`.${PLATEGA_DOMAIN}`)
}

function parse(value: string, base?: string): URL | undefined {
  try {
    return new URL(value, base)
  } catch {
    return undefined
  }
}

export function baseUrlKind(baseUrl: string): BaseUrlKind {
  const url = parse(baseUrl)
  if (!url) return "other"
  if (url.protocol === "https:" && PLATEGA_API_HOSTS.includes(bare(url.hostname)) && !url.port)
    return "platega"
  return isLoopbackHost(url.hostname) ? "sandbox" : "other"
}

/**
 * Whether an address Platega gives for the payer (a payment's `redirect`, a link's `url`) may be
 * handed on: https, or http on loopback (the sandbox). Never javascript:, data: or plain http.
 */
export function isPayerAddress(value: string): boolean {
  const url = parse(value)
  if (!url || url.username || url.password) return false
  return url.protocol === "https:" || (url.protocol === "http:" && isLoopbackHost(url.hostname))
}

/** Where a file link from Platega may be fetched, or why not. Addresses are checked on connect. */
export type FileUrlCheck =
  { ok: true; url: URL; loopbackAllowed: boolean } | { ok: false; reason: string }

/**
 * A file link Platega answered (an export's `{url}`, maybe relative to the base URL): https on
 * Platega's domain or on the configured base URL's host; http and loopback addresses only when
 * the base URL itself is on loopback (the sandbox), and then only at its origin (another port
 * on loopback is another service).
 */
export function checkFileUrl(value: string, baseUrl: string): FileUrlCheck {
  const base = parse(baseUrl)
  const url = parse(value, baseUrl)
  if (!base || !url) return { ok: false, reason: "the link is not a URL" }
  if (url.username || url.password) return { ok: false, reason: "the link carries a user name" }
  const sameHost = bare(url.hostname) === bare(base.hostname)
  const sandbox = isLoopbackHost(base.hostname) && url.origin === base.origin
  if (url.protocol !== "https:" && !(sandbox && url.protocol === "http:"))
    return { ok: false, reason: `the link is not https (${url.protocol})` }
  if (!sameHost && !isPlategaHost(url.hostname))
    return { ok: false, reason: `${url.hostname} is neither Platega's nor the base URL's host` }
  return { ok: true, url, loopbackAllowed: sandbox }
}
