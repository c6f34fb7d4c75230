import http from "node:http"
import { PlategaClient } from "../src/lib/platega"
import type { PlategaLogger } from "../src/lib/platega"
import { ACCEPT_ENCODING, exchange, parseOrigin } from "../src/lib/platega/transport"
import { startSandboxProcess } from "./support/sandbox-client"
import { figures, runLoad, type Figures } from "./support/stats"

/**
 * getTransaction through the plugin's client against a bare http.request to the same sandbox URL
 * (same headers, body read and JSON-parsed), at the same concurrency. The sandbox runs in its own
 * process; the two sides alternate in rounds so a busy neighbour hurts both alike.
 */

export interface ClientPair {
  concurrency: number
  client: Figures
  bare: Figures
  /**
   * Where the client's extra time goes: the plugin's transport alone (the client's headers, its
   * deadline, byte cap and decompression, then JSON.parse), without the client's validation.
   */
  transport: Figures
  transportCpuUs: number
  /** client p50 latency / bare p50 latency (time per call: lower is better, goal ≤ 1.10) */
  timeRatio: number
  /** client req/s / bare req/s */
  throughputRatio: number
  /** CPU time of this process per call (µs): the sandbox runs elsewhere, so this is the caller's cost */
  clientCpuUs: number
  bareCpuUs: number
  cpuRatio: number
}

export interface ClientBenchOptions {
  /** calls per side per concurrency level (default 4,000) */
  calls?: number
  concurrencies?: number[]
  rounds?: number
  /** a logger that drops debug lines, as a store running at the default log level */
  withLogger?: boolean
}

export const quietLogger: PlategaLogger & { shouldLog(level: string): boolean } = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
  shouldLog: (level) => level !== "debug",
}

export async function benchClient(options: ClientBenchOptions = {}): Promise<ClientPair[]> {
  const calls = options.calls ?? 4000
  const rounds = options.rounds ?? 8
  const sandbox = await startSandboxProcess({ seed: 7 })
  try {
    const seeded = await sandbox.control<{ ids: string[] }>("POST", "/transactions/seed", {
      count: 1,
      statuses: ["CONFIRMED"],
    })
    const id = seeded.ids[0]
    const client = new PlategaClient({
      baseUrl: sandbox.url,
      merchantId: sandbox.merchantId,
      secret: sandbox.secret,
      logger: options.withLogger ? quietLogger : undefined,
    })
    const target = new URL(`${sandbox.url}/transaction/${id}`)
    const headers = {
      Accept: "application/json",
      "X-MerchantId": sandbox.merchantId,
      "X-Secret": sandbox.secret,
    }
    const bare = () =>
      new Promise<void>((resolve, reject) => {
        const req = http.request(
          { hostname: target.hostname, port: target.port, path: target.pathname, headers },
          (res) => {
            const chunks: Buffer[] = []
            res.on("data", (c: Buffer) => chunks.push(c))
            res.on("end", () => {
              const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { id: string }
              if (res.statusCode !== 200 || body.id !== id) reject(new Error("bad answer"))
              else resolve()
            })
            res.on("error", reject)
          },
        )
        req.on("error", reject)
        req.end()
      })
    const origin = parseOrigin(target)
    const clientHeaders = {
      "Accept-Encoding": ACCEPT_ENCODING,
      "User-Agent": "medusa-payment-platega",
      ...headers,
    }
    const viaTransport = async () => {
      const res = await exchange(origin, {
        method: "GET",
        path: target.pathname,
        headers: clientHeaders,
        timeoutMs: 30_000,
        maxResponseBytes: 50 * 1024 * 1024,
      })
      const body = JSON.parse(res.text) as { id: string }
      if (res.status !== 200 || body.id !== id) throw new Error("bad answer")
    }
    const viaClient = async () => {
      const tx = await client.getTransaction(id)
      if (tx.id !== id) throw new Error("bad answer")
    }

    // Warm both paths: JIT, sockets, the sandbox's own caches.
    await runLoad(500, 4, viaClient)
    await runLoad(500, 4, bare)
    await runLoad(500, 4, viaTransport)

    const pairs: ClientPair[] = []
    for (const concurrency of options.concurrencies ?? [1, 16]) {
      const sides = {
        client: { lat: [] as number[], wall: 0, cpu: 0 },
        bare: { lat: [] as number[], wall: 0, cpu: 0 },
        transport: { lat: [] as number[], wall: 0, cpu: 0 },
      }
      const ops: ["client" | "bare" | "transport", () => Promise<void>][] = [
        ["client", viaClient],
        ["bare", bare],
        ["transport", viaTransport],
      ]
      const perRound = Math.ceil(calls / rounds)
      for (let r = 0; r < rounds; r++) {
        // Each round in another order, so no side always follows the same one.
        for (const [name, op] of r % 2 === 0 ? ops : [...ops].reverse()) {
          const cpu = process.cpuUsage()
          const run = await runLoad(perRound, concurrency, op)
          const used = process.cpuUsage(cpu)
          sides[name].cpu += used.user + used.system
          sides[name].lat.push(...run.latenciesMs)
          sides[name].wall += run.wallMs
        }
      }
      const c = figures(sides.client.lat, sides.client.wall)
      const b = figures(sides.bare.lat, sides.bare.wall)
      const t = figures(sides.transport.lat, sides.transport.wall)
      pairs.push({
        concurrency,
        client: c,
        bare: b,
        transport: t,
        transportCpuUs: Math.round(sides.transport.cpu / t.count),
        timeRatio: Math.round((c.p50Ms / b.p50Ms) * 100) / 100,
        throughputRatio: Math.round((c.perSecond / b.perSecond) * 100) / 100,
        clientCpuUs: Math.round(sides.client.cpu / c.count),
        bareCpuUs: Math.round(sides.bare.cpu / b.count),
        cpuRatio: Math.round((sides.client.cpu / c.count / (sides.bare.cpu / b.count)) * 100) / 100,
      })
    }
    return pairs
  } finally {
    await sandbox.stop()
  }
}
