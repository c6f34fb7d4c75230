import dns, { type LookupAddress } from "node:dns"
import http from "node:http"
import https from "node:https"
import { isIP, type LookupFunction } from "node:net"
import { ADDRESS_NOT_ALLOWED, isLoopbackAddress, isNonPublicAddress } from "./addresses"

/**
 * The one rule for connections to a host someone else named (a file link in Platega's answer, a
 * base URL an admin typed, the store's own callback URL): the name is resolved once, every address
 * it gives is checked against private, link-local, CGNAT, multicast and reserved ranges (IPv4 and
 * IPv6, see addresses.ts), and the socket connects to those checked addresses only. There is no
 * second resolution between check and connect for a rebinding name server to answer differently.
 */
export interface PinOptions {
  /** Loopback addresses too (only for a sandbox on this machine). */
  loopbackAllowed: boolean
}

/** An IP address the store must not connect to on someone else's word. */
export function isRefusedAddress(address: string, opts: PinOptions): boolean {
  return isNonPublicAddress(address) && !(opts.loopbackAllowed && isLoopbackAddress(address))
}

/** A host written as an IP address that is refused (names are checked when resolved). */
export function isRefusedLiteral(hostname: string, opts: PinOptions): boolean {
  const literal = hostname.replace(/^\[|\]$/g, "")
  return isIP(literal) !== 0 && isRefusedAddress(literal, opts)
}

/**
 * The refusal: the same for every refused host, whatever answers there (nothing was sent), and
 * without the address the name resolved to (an internal name's address is not the caller's to
 * learn).
 */
function notAllowed(hostname: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${hostname} is not a public address`), {
    code: ADDRESS_NOT_ALLOWED,
  })
}

/**
 * The addresses `hostname` resolves to, every one checked; rejects with code EADDRNOTALLOWED when
 * any is refused. Resolved through `dns.lookup` as Node's sockets do (read when called, so a test's
 * stub resolver stands in for it).
 */
export function checkedAddresses(hostname: string, opts: PinOptions): Promise<LookupAddress[]> {
  const literal = hostname.replace(/^\[|\]$/g, "")
  const family = isIP(literal)
  if (family) {
    return isRefusedAddress(literal, opts)
      ? Promise.reject(notAllowed(hostname))
      : Promise.resolve([{ address: literal, family }])
  }
  return new Promise((resolve, reject) => {
    dns.lookup(hostname, { all: true }, (err, addresses) => {
      if (err) return reject(err)
      if (!addresses.length || addresses.some((a) => isRefusedAddress(a.address, opts))) {
        return reject(notAllowed(hostname))
      }
      resolve(addresses)
    })
  })
}

/** A `lookup` for the socket that connects: checkedAddresses, answered as Node asks for it. */
export function checkedLookup(opts: PinOptions): LookupFunction {
  return (hostname, options, callback) => {
    checkedAddresses(hostname, opts).then(
      (addresses) => {
        const wanted = options.family ? addresses.filter((a) => a.family === options.family) : []
        const usable = wanted.length ? wanted : addresses
        if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, usable)
        callback(null, usable[0].address, usable[0].family)
      },
      (err: NodeJS.ErrnoException) => callback(err, "", 4),
    )
  }
}

/** One-use agents whose sockets connect only to checked addresses (nothing pooled). */
export function pinnedAgents(opts: PinOptions) {
  const lookup = checkedLookup(opts)
  return {
    httpAgent: new http.Agent({ lookup, keepAlive: false }),
    httpsAgent: new https.Agent({ lookup, keepAlive: false }),
  }
}
