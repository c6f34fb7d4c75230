import http from "node:http"
import type { AddressInfo } from "node:net"
import autocannon from "autocannon"
import { startSandbox } from "./support/sandbox"

/**
 * The sandbox under load: GET /transaction/{id} with random ids over a seeded history, against a
 * bare node:http server answering the same bytes for every request (the floor of any HTTP server
 * on this machine). Plus the time and heap it takes to seed a million transactions.
 */

export interface SandboxLoad {
  requestsPerSecond: number
  latencyP50Ms: number
  latencyP99Ms: number
  requests: number
  errors: number
  non2xx: number
}

export interface SandboxBenchResult {
  rows: number
  seedMs: number
  millionSeedMs: number | null
  /** heap growth of the million-row seeding, MB */
  millionHeapMb: number | null
  sandbox: SandboxLoad
  bare: SandboxLoad
  /** sandbox req/s ÷ bare req/s */
  ratio: number
}

export interface SandboxBenchOptions {
  /** rows seeded for the load test (default 100,000) */
  rows?: number
  durationSeconds?: number
  connections?: number
  /** also measure seeding 1,000,000 rows (default true) */
  million?: boolean
}

const MB = 1024 * 1024

function collectGarbage(): void {
  // Heap figures are only meaningful after a collection; node needs --expose-gc for this.
  const gc = (globalThis as { gc?: () => void }).gc
  if (gc) gc()
}

async function seedMillion(): Promise<{ ms: number; heapMb: number }> {
  collectGarbage()
  const sandbox = await startSandbox({ quiet: true, seed: 1 })
  try {
    const before = process.memoryUsage().heapUsed
    const result = await sandbox.control.seedTransactions(1_000_000)
    collectGarbage()
    return {
      ms: result.durationMs,
      heapMb: Math.round((process.memoryUsage().heapUsed - before) / MB),
    }
  } finally {
    await sandbox.stop()
  }
}

async function load(
  url: string,
  headers: Record<string, string>,
  path: () => string,
  options: SandboxBenchOptions,
): Promise<SandboxLoad> {
  const result = await autocannon({
    url,
    connections: options.connections ?? 50,
    pipelining: 1,
    duration: options.durationSeconds ?? 10,
    headers,
    requests: [{ method: "GET", setupRequest: (req) => ({ ...req, path: path() }) }],
  })
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  }
}

export async function benchSandbox(options: SandboxBenchOptions = {}): Promise<SandboxBenchResult> {
  const rows = options.rows ?? 100_000
  const million = (options.million ?? true) ? await seedMillion() : null
  collectGarbage()

  const sandbox = await startSandbox({ quiet: true, seed: 2 })
  const headers = { "X-MerchantId": sandbox.merchantId, "X-Secret": sandbox.secret }
  // The bare server answers one real transaction's bytes to every request.
  const seeded = await sandbox.control.seedTransactions(rows, { returnIds: true })
  const ids = seeded.ids
  const sample = Buffer.from(
    await (await fetch(`${sandbox.url}/transaction/${ids[0]}`, { headers })).text(),
  )
  const bare = http.createServer((_req, res) =>
    res.writeHead(200, { "content-type": "application/json" }).end(sample),
  )
  await new Promise<void>((resolve) => bare.listen(0, "127.0.0.1", resolve))
  try {
    // xorshift: cheap, repeatable id picks that do not compete with the server for CPU.
    let state = 0x2545f491
    const pick = () => {
      state ^= state << 13
      state ^= state >>> 17
      state ^= state << 5
      return `/transaction/${ids[(state >>> 0) % ids.length]}`
    }
    const viaSandbox = await load(sandbox.url, headers, pick, options)
    const port = (bare.address() as AddressInfo).port
    const viaBare = await load(`http://127.0.0.1:${port}`, headers, pick, options)
    return {
      rows,
      seedMs: seeded.durationMs,
      millionSeedMs: million?.ms ?? null,
      millionHeapMb: million?.heapMb ?? null,
      sandbox: viaSandbox,
      bare: viaBare,
      ratio: Math.round((viaSandbox.requestsPerSecond / viaBare.requestsPerSecond) * 100) / 100,
    }
  } finally {
    bare.close()
    await sandbox.stop()
  }
}
