import type { MedusaRequest } from "@medusajs/framework/http"

/** Where Platega must send its callbacks (all kinds): this store's /hooks/platega. */
const CALLBACK_PATH = "/hooks/platega"

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.split(",")[0]

/**
 * The store's public backend address: the admin's `backendUrl` (MEDUSA_BACKEND_URL) when it is a
 * full address, else the address this request came to (behind a proxy, its forwarded host).
 */
export function backendUrl(req: MedusaRequest): string {
  const config = req.scope.resolve("configModule") as { admin?: { backendUrl?: string } }
  const configured = config.admin?.backendUrl
  if (configured && /^https?:\/\//i.test(configured)) return configured.replace(/\/+$/, "")
  const proto = first(req.headers["x-forwarded-proto"])?.trim() || req.protocol
  const host = first(req.headers["x-forwarded-host"])?.trim() || req.get("host")
  return `${proto}://${host}`
}

interface CallbackInfo {
  url: string
  /** Platega's servers cannot reach a local address; real callbacks need a public https one. */
  reachable: boolean
  https: boolean
}

export function callbackInfo(req: MedusaRequest): CallbackInfo {
  const url = `${backendUrl(req)}${CALLBACK_PATH}`
  const { protocol, hostname } = new URL(url)
  const local =
    hostname === "localhost" ||
    hostname === "[::1]" ||
    /^127\./.test(hostname) ||
    /^10\./.test(hostname) ||
    /^192\.168\./.test(hostname) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(hostname) ||
    hostname.endsWith(".local")
  return { url, reachable: !local, https: protocol === "https:" }
}
