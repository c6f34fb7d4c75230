import { lookup as dnsLookup } from "node:dns/promises"
import { BlockList, isIP } from "node:net"
import { connect } from "node:tls"

/**
 * Whether Platega will accept a callback URL: only a public HTTPS address whose certificate a
 * trusted authority issued. Anything else (http, localhost, a private network, a self-signed or
 * expired certificate) is refused by Platega's dashboard or never receives a callback.
 */
type CallbackProblem = "not_https" | "private_host" | "certificate" | "unreachable"

export interface CallbackCheck {
  qualifies: boolean
  problems: CallbackProblem[]
  /** What the TLS check found, when it ran (a public https address). */
  certificate?: { trusted: boolean; error?: string; issuer?: string; valid_to?: string }
}

const PRIVATE = new BlockList()
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
] as const) {
  PRIVATE.addSubnet(net, prefix, "ipv4")
}
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
] as const) {
  PRIVATE.addSubnet(net, prefix, "ipv6")
}

/** A literal private address, or a name that is never public (localhost, .local, one label). */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase()
  const family = isIP(host)
  if (family) return PRIVATE.check(host, family === 6 ? "ipv6" : "ipv4")
  return (
    host === "localhost" ||
    !host.includes(".") ||
    /\.(localhost|local|internal|lan|home|test|invalid|example)$/.test(host)
  )
}

interface CheckOptions {
  /** Resolves a name to its addresses (tests give their own). */
  lookup?: (host: string) => Promise<string[]>
  /** Where the TLS check connects (tests point it at a local server); the name is still checked. */
  connectTo?: { host: string; port: number }
  timeoutMs?: number
}

const defaultLookup = async (host: string) =>
  (await dnsLookup(host, { all: true })).map((a) => a.address)

export async function checkCallbackUrl(
  url: string,
  opts: CheckOptions = {},
): Promise<CallbackCheck> {
  const { protocol, hostname, port } = new URL(url)
  const problems: CallbackProblem[] = []
  if (protocol !== "https:") problems.push("not_https")
  let isPrivate = isPrivateHost(hostname)
  if (!isPrivate && !isIP(hostname.replace(/^\[|\]$/g, ""))) {
    try {
      const addresses = await (opts.lookup ?? defaultLookup)(hostname)
      // A public name that leads only into a private network is not reachable from Platega.
      isPrivate = addresses.length > 0 && addresses.every((a) => isPrivateHost(a))
    } catch {
      problems.push("unreachable")
    }
  }
  if (isPrivate) problems.push("private_host")
  if (problems.length) return { qualifies: false, problems }
  const certificate = await checkCertificate(
    hostname,
    opts.connectTo ?? { host: hostname, port: Number(port) || 443 },
    opts.timeoutMs ?? 5_000,
  )
  if (!certificate.trusted)
    problems.push(certificate.error === "unreachable" ? "unreachable" : "certificate")
  return { qualifies: problems.length === 0, problems, certificate }
}

/** A TLS handshake against Node's trusted authorities, for the URL's own host name. */
function checkCertificate(
  servername: string,
  target: { host: string; port: number },
  timeoutMs: number,
): Promise<NonNullable<CallbackCheck["certificate"]>> {
  return new Promise((resolve) => {
    const socket = connect({ ...target, servername, rejectUnauthorized: false })
    const done = (value: NonNullable<CallbackCheck["certificate"]>) => {
      socket.destroy()
      resolve(value)
    }
    socket.setTimeout(timeoutMs, () => done({ trusted: false, error: "unreachable" }))
    socket.once("error", () => done({ trusted: false, error: "unreachable" }))
    socket.once("secureConnect", () => {
      const cert = socket.getPeerCertificate()
      const issuer = typeof cert?.issuer?.O === "string" ? cert.issuer.O : cert?.issuer?.CN
      done({
        trusted: socket.authorized,
        ...(socket.authorizationError ? { error: String(socket.authorizationError) } : {}),
        ...(issuer ? { issuer: String(issuer) } : {}),
        ...(cert?.valid_to ? { valid_to: cert.valid_to } : {}),
      })
    })
  })
}
