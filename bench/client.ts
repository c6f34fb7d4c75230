import http from "node:http"
import { PlategaClient } from "../src/lib/platega"
import type { PlategaLogger } from "../src/lib/platega"
import { createAxios } from "../src/lib/platega/http-instance"
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
   * Where the client's extra time goes: a plain GET on the client's own axios instance (keep-alive
   * agent, no redirects, byte cap, decompression, the same headers, then JSON.parse), without the
   * client's deadline, retry loop and validation.
   */
  axios: Figures
  axiosCpuUs: number
  /** client − bare, in microseconds: time per call (p50) and CPU per call */
  differenceUs: { p50: number; cpu: number }
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
    const instance = createAxios()
    const clientHeaders = { "User-Agent": "medusa-payment-platega", ...headers }
    const viaAxios = async () => {
      const res = await instance.get<string>(target.href, {
        headers: clientHeaders,
        responseType: "text",
      })
      const body = JSON.parse(res.data) as { id: string }
      if (res.status !== 200 || body.id !== id) throw new Error("bad answer")
    }
    const viaClient = async () => {
      const tx = await client.getTransaction(id)
      if (tx.id !== id) throw new Error("bad answer")
    }

    // Warm both paths: JIT, sockets, the sandbox's own caches.
    await runLoad(500, 4, viaClient)
    await runLoad(500, 4, bare)
    await runLoad(500, 4, viaAxios)

    const pairs: ClientPair[] = []
    for (const concurrency of options.concurrencies ?? [1, 16]) {
      const sides = {
        client: { lat: [] as number[], wall: 0, cpu: 0 },
        bare: { lat: [] as number[], wall: 0, cpu: 0 },
        axios: { lat: [] as number[], wall: 0, cpu: 0 },
      }
      const ops: ["client" | "bare" | "axios", () => Promise<void>][] = [
        ["client", viaClient],
        ["bare", bare],
        ["axios", viaAxios],
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
      const t = figures(sides.axios.lat, sides.axios.wall)
      const clientCpuUs = sides.client.cpu / c.count
      const bareCpuUs = sides.bare.cpu / b.count
      pairs.push({
        concurrency,
        client: c,
        bare: b,
        axios: t,
        axiosCpuUs: Math.round(sides.axios.cpu / t.count),
        differenceUs: {
          p50: Math.round((c.p50Ms - b.p50Ms) * 1000),
          cpu: Math.round(clientCpuUs - bareCpuUs),
        },
        timeRatio: Math.round((c.p50Ms / b.p50Ms) * 100) / 100,
        throughputRatio: Math.round((c.perSecond / b.perSecond) * 100) / 100,
        clientCpuUs: Math.round(clientCpuUs),
        bareCpuUs: Math.round(bareCpuUs),
        cpuRatio: Math.round((clientCpuUs / bareCpuUs) * 100) / 100,
      })
    }
    return pairs
  } finally {
    await sandbox.stop()
  }
}
