import { lookup as dnsLookup, type LookupAddress } from "node:dns"
import http from "node:http"
import https from "node:https"
import type { LookupFunction } from "node:net"
import { ADDRESS_NOT_ALLOWED, isLoopbackAddress, isNonPublicAddress } from "./addresses"

export interface PinOptions {
  /** Loopback addresses too (only for a sandbox on this machine). */
  loopbackAllowed: boolean
}

/** An IP address the store must not connect to on Platega's word. */
export function isRefusedAddress(address: string, opts: PinOptions): boolean {
  return isNonPublicAddress(address) && !(opts.loopbackAllowed && isLoopbackAddress(address))
}

/**
 * A `lookup` for the socket that connects: the name is resolved once, every address it gives is
 * checked, and the socket connects to those checked addresses only. There is no second
 * resolution between check and connect for a rebinding name server to answer differently.
 */
export function checkedLookup(opts: PinOptions): LookupFunction {
  const refused = (address: string) => isRefusedAddress(address, opts)
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, "", 4)
      const bad = addresses.find((a) => refused(a.address))
      if (bad || !addresses.length) {
        const e = Object.assign(
          new Error(`${hostname} resolves to a non-public address (${bad?.address ?? "none"})`),
          { code: ADDRESS_NOT_ALLOWED },
        )
        return callback(e, "", 4)
      }
      if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, addresses)
      callback(null, addresses[0].address, addresses[0].family)
    })
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
