import { isIPv4, isIPv6 } from "node:net"
import type { MedusaRequest } from "@medusajs/framework/http"

/**
 * The key a caller's budget of header-less callbacks is counted under: its address as Express
 * gives it in `req.ip`.
 *
 * Medusa sets Express's `trust proxy` to 1: `req.ip` is the address the one reverse proxy in front
 * of Medusa appended to X-Forwarded-For (the rightmost entry), or the connection's own address
 * when there is no such header. That is the deployment Medusa expects (one load balancer or
 * proxy in front, which sets X-Forwarded-For). Entries a caller writes itself sit to the left of
 * it and are never read, so a caller cannot pick its own key.
 *
 * An IPv6 caller counts by its /64 (one host usually holds a whole /64); an IPv4-mapped IPv6
 * address counts as its IPv4 address.
 */
export function clientKeyOf(req: MedusaRequest): string {
  const address = req.ip ?? req.socket?.remoteAddress ?? ""
  return clientKey(address)
}

export function clientKey(address: string): string {
  const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "")
  if (isIPv4(plain)) return plain
  if (isIPv6(plain)) return `${expandIPv6(plain).slice(0, 4).join(":")}::/64`
  return "unknown"
}

/** The eight groups of an IPv6 address (zone dropped, `::` expanded), lower case, no padding. */
function expandIPv6(address: string): string[] {
  const [head, tail] = address.split("%")[0].toLowerCase().split("::")
  const left = head ? head.split(":") : []
  const right = tail ? tail.split(":") : []
  // An embedded IPv4 tail (::1.2.3.4) takes two groups; only the first four are used anyway.
  const width = right.some((g) => g.includes(".")) ? 7 : 8
  const missing = tail === undefined ? [] : Array(width - left.length - right.length).fill("0")
  return [...left, ...missing, ...right].map((g) => g.replace(/^0+(?=.)/, ""))
}
