import { connect } from "node:tls"
import { ADDRESS_NOT_ALLOWED, isPrivateHost } from "../../../../lib/platega/addresses"
import { checkedAddresses } from "../../../../lib/platega/pinned-lookup"

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

interface CheckOptions {
  /** Where the TLS check connects (tests point it at a local server); the name is still checked. */
  connectTo?: { host: string; port: number }
  timeoutMs?: number
}

/**
 * The callback URL checked: https, on 443, and a host Platega can reach. The host is resolved
 * once, by the rule every connection to a host someone named follows (lib/platega/pinned-lookup.ts:
 * any private, loopback, link-local, CGNAT or reserved address refuses it), and the TLS check
 * connects to an address it checked, on 443 only: it cannot be turned into a probe of other ports
 * or internal hosts, and a refused host gets the same answer whatever listens there.
 */
export async function checkCallbackUrl(
  url: string,
  opts: CheckOptions = {},
): Promise<CallbackCheck> {
  const { protocol, hostname, port } = new URL(url)
  const problems: CallbackProblem[] = []
  if (protocol !== "https:") problems.push("not_https")
  let addresses: string[] = []
  // A name that is never public (localhost, .local, one label) is not even resolved.
  if (isPrivateHost(hostname)) problems.push("private_host")
  else {
    try {
      addresses = (await checkedAddresses(hostname, { loopbackAllowed: false })).map(
        (a) => a.address,
      )
    } catch (e) {
      const refused = (e as NodeJS.ErrnoException).code === ADDRESS_NOT_ALLOWED
      problems.push(refused ? "private_host" : "unreachable")
    }
  }
  if (problems.length) return { qualifies: false, problems }
  if (port && Number(port) !== HTTPS_PORT) return { qualifies: false, problems: ["port"] }
  const certificate = await checkCertificate(
    hostname,
    opts.connectTo ?? { host: addresses[0], port: HTTPS_PORT },
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
