import { lookup as dnsLookup } from "node:dns/promises"
import { isIP } from "node:net"
import { isPrivateHost } from "../../../../lib/platega/addresses"
import { connect } from "node:tls"

/**
 * Whether Platega will accept a callback URL: only a public HTTPS address whose certificate a
 * trusted authority issued. Anything else (http, localhost, a private network, a self-signed or
 * expired certificate) is refused by Platega's dashboard or never receives a callback.
 */
type CallbackProblem = "not_https" | "private_host" | "port" | "certificate" | "unreachable"

export interface CallbackCheck {
  qualifies: boolean
  problems: CallbackProblem[]
  /** What the TLS check found, when it ran (a public https address). */
  certificate?: { trusted: boolean; error?: string; issuer?: string; valid_to?: string }
}

export { isPrivateHost }

/** The only port the check connects to: the https callback Platega calls is checked there. */
const HTTPS_PORT = 443

/**
 * Where the TLS check connects: one of the public addresses the name was resolved to (the check
 * and the connection use the same answer: a name server cannot point the second elsewhere), on
 * 443 only, so the check cannot be turned into a probe of other ports or internal hosts.
 */
export function connectionTarget(
  hostname: string,
  port: string,
  addresses: string[],
): { host: string; port: number } | { problem: CallbackProblem } {
  if (port && Number(port) !== HTTPS_PORT) return { problem: "port" }
  const literal = hostname.replace(/^\[|\]$/g, "")
  const candidates = isIP(literal) ? [literal] : addresses
  const host = candidates.find((a) => !isPrivateHost(a))
  return host ? { host, port: HTTPS_PORT } : { problem: "private_host" }
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
  let addresses: string[] = []
  if (!isPrivate && !isIP(hostname.replace(/^\[|\]$/g, ""))) {
    try {
      addresses = await (opts.lookup ?? defaultLookup)(hostname)
      // A public name that leads only into a private network is not reachable from Platega.
      isPrivate = addresses.length > 0 && addresses.every((a) => isPrivateHost(a))
    } catch {
      problems.push("unreachable")
    }
  }
  if (isPrivate) problems.push("private_host")
  if (problems.length) return { qualifies: false, problems }
  const target = connectionTarget(hostname, port, addresses)
  if ("problem" in target) return { qualifies: false, problems: [target.problem] }
  const certificate = await checkCertificate(
    hostname,
    opts.connectTo ?? target,
    opts.timeoutMs ?? 5_000,
  )
  if (!certificate.trusted)
    problems.push(certificate.error === "unreachable" ? "unreachable" : "certificate")
  return { qualifies: problems.length === 0, problems, certificate }
}

/**
 * A TLS handshake against Node's trusted authorities, for the URL's own host name (SNI and the
 * certificate's name), on the connection to the address already checked.
 */
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
