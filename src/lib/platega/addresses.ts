import { BlockList, isIP } from "node:net"

/** Code of a connection refused because of where it would go (no byte was sent). */
export const ADDRESS_NOT_ALLOWED = "EADDRNOTALLOWED"

/**
 * Addresses the store must never be made to connect to on someone else's word: private networks,
 * loopback, link-local (169.254.x.x and fe80::, where cloud metadata services answer), carrier
 * NAT, multicast and reserved ranges, and IPv6 forms that embed an IPv4 address.
 */
const BLOCKED = new BlockList()
const LOOPBACK = new BlockList()
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  BLOCKED.addSubnet(net, prefix, "ipv4")
}
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  BLOCKED.addSubnet(net, prefix, "ipv6")
}
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4")
LOOPBACK.addAddress("::1", "ipv6")

/** The IPv4 address inside ::ffff:a.b.c.d (or its hex form), else the address itself. */
function unmapped(address: string): string {
  const m = /^::ffff:(?:0:)?(.+)$/i.exec(address)
  if (!m) return address
  if (isIP(m[1]) === 4) return m[1]
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(m[1])
  if (!hex) return address
  const n = (parseInt(hex[1], 16) << 16) | parseInt(hex[2], 16)
  return [24, 16, 8, 0].map((s) => (n >>> s) & 255).join(".")
}

function check(list: BlockList, address: string): boolean {
  const ip = unmapped(address.replace(/^\[|\]$/g, ""))
  const family = isIP(ip)
  if (!family) return false
  return list.check(ip, family === 6 ? "ipv6" : "ipv4")
}

/** Not a public unicast address (an IP literal; a name is never resolved here). */
export function isNonPublicAddress(address: string): boolean {
  return check(BLOCKED, address)
}

export function isLoopbackAddress(address: string): boolean {
  return check(LOOPBACK, address)
}

/** A literal non-public address, or a name that is never public (localhost, .local, one label). */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase()
  if (isIP(host)) return isNonPublicAddress(host)
  return (
    host === "localhost" ||
    !host.includes(".") ||
    /\.(localhost|local|internal|lan|home|test|invalid|example)$/.test(host)
  )
}
