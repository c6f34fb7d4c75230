import dns, { type LookupAddress } from "node:dns"
import net from "node:net"

/**
 * For specs of code that connects to a host someone named (the connection check, the callback
 * check, export file links): a stub resolver, and a guard that keeps every socket on this machine.
 *
 * - The names given resolve to the addresses given (through `dns.lookup` and
 *   `dns.promises.lookup`: Node's sockets and the plugin's checked lookups use the first); other
 *   names resolve as usual.
 * - While installed, no socket connects outside 127.0.0.0/8 and ::1: an attempt is recorded in
 *   `attempts` and fails with ELOOPBACKONLY, so a broken rule shows as a failed test, never as
 *   traffic to a private network.
 *
 * The guard is the spec's own (it does not use the plugin's address rules it checks).
 */
export interface LoopbackOnly {
  /** Addresses something tried to connect to outside the loopback (refused). */
  attempts: string[]
  /** The stubbed names that were resolved, in order. */
  lookups: string[]
  restore(): void
}

const isLoopback = (address: string) =>
  /^127\.\d+\.\d+\.\d+$/.test(address) || /^(::1|::ffff:127\.\d+\.\d+\.\d+)$/i.test(address)

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void
type Lookup = (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => void

const refusal = (address: string) =>
  Object.assign(new Error(`a spec connects only to the loopback, not to ${address}`), {
    code: "ELOOPBACKONLY",
  })

export function loopbackOnly(names: Record<string, string[]>): LoopbackOnly {
  const attempts: string[] = []
  const lookups: string[] = []
  const realLookup = dns.lookup
  const realConnect = net.Socket.prototype.connect

  const stub = function (hostname: string, ...rest: unknown[]) {
    const callback = rest.pop() as LookupCallback
    const options = (typeof rest[0] === "object" && rest[0] ? rest[0] : {}) as dns.LookupOptions
    const given = names[hostname.toLowerCase()]
    if (!given) return (realLookup as unknown as Lookup)(hostname, options, callback)
    lookups.push(hostname)
    const all = given.map((address) => ({ address, family: net.isIP(address) }))
    process.nextTick(() =>
      options.all ? callback(null, all) : callback(null, all[0].address, all[0].family),
    )
  }
  ;(dns as { lookup: unknown }).lookup = stub
  const realPromised = dns.promises.lookup
  ;(dns.promises as { lookup: unknown }).lookup = (hostname: string, options?: dns.LookupOptions) =>
    new Promise((resolve, reject) =>
      stub(hostname, options ?? {}, (err: Error | null, address: unknown, family?: number) =>
        err ? reject(err) : resolve(options?.all ? address : { address, family }),
      ),
    )

  /** The lookup a socket will use, refusing any answer outside the loopback. */
  const guarded =
    (inner: Lookup): Lookup =>
    (hostname, options, callback) =>
      inner(hostname, options, (err, address, family) => {
        if (err) return callback(err, address, family)
        const list = Array.isArray(address) ? address.map((a) => a.address) : [address]
        const outside = list.find((a) => !isLoopback(a))
        if (outside === undefined) return callback(null, address, family)
        attempts.push(outside)
        callback(refusal(outside), "", 4)
      })

  net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
    // Node passes its normalised [options, callback]; other callers pass options or a port.
    const first = Array.isArray(args[0]) ? args[0][0] : args[0]
    if (typeof first === "number" || typeof first === "string") {
      const host = typeof args[1] === "string" ? args[1] : "localhost"
      const callback = args.find((a) => typeof a === "function")
      return this.connect({ port: Number(first), host }, callback as () => void)
    }
    const options = first as net.TcpNetConnectOpts | undefined
    if (options && !("path" in options && options.path)) {
      const host = options.host ?? "localhost"
      if (net.isIP(host.replace(/^\[|\]$/g, ""))) {
        if (!isLoopback(host.replace(/^\[|\]$/g, ""))) {
          attempts.push(host)
          process.nextTick(() => this.destroy(refusal(host)))
          return this
        }
      } else {
        options.lookup = guarded((options.lookup ?? dns.lookup) as unknown as Lookup) as never
      }
    }
    return (realConnect as (...a: unknown[]) => net.Socket).apply(this, args)
  } as typeof net.Socket.prototype.connect

  return {
    attempts,
    lookups,
    restore() {
      ;(dns as { lookup: unknown }).lookup = realLookup
      ;(dns.promises as { lookup: unknown }).lookup = realPromised
      net.Socket.prototype.connect = realConnect
    },
  }
}
