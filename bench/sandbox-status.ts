import autocannon from "autocannon"
import { startSandbox } from "platega-sandbox"

/**
 * Sandbox throughput: GET /transaction/{id} with random ids over a seeded history, measured with
 * autocannon; plus the time and heap it takes to seed a million transactions.
 *   npx tsx bench/sandbox-status.ts            (BENCH_SECONDS, BENCH_ROWS, BENCH_CONNECTIONS, BENCH_SKIP_MILLION)
 */

export interface SandboxBenchOptions {
  /** rows seeded for the load test (default 100,000) */
  rows?: number
  /** load duration in seconds (default 10) */
  durationSeconds?: number
  connections?: number
  /** also measure seeding 1,000,000 rows (default true) */
  million?: boolean
}

export interface SandboxBenchResult {
  rows: number
  seedMs: number
  millionSeedMs: number | null
  /** heap growth of the million-row seeding, MB */
  millionHeapMb: number | null
  requestsPerSecond: number
  latencyP50Ms: number
  latencyP99Ms: number
  requests: number
  errors: number
  non2xx: number
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

export async function benchSandbox(options: SandboxBenchOptions = {}): Promise<SandboxBenchResult> {
  const rows = options.rows ?? 100_000
  const million = (options.million ?? true) ? await seedMillion() : null
  collectGarbage()

  const sandbox = await startSandbox({ quiet: true, seed: 2 })
  try {
    const seeded = await sandbox.control.seedTransactions(rows, { returnIds: true })
    const ids = seeded.ids
    // xorshift: cheap, repeatable id picks that do not compete with the server for CPU.
    let state = 0x2545f491
    const pick = () => {
      state ^= state << 13
      state ^= state >>> 17
      state ^= state << 5
      return ids[(state >>> 0) % ids.length]
    }
    const result = await autocannon({
      url: sandbox.url,
      connections: options.connections ?? 50,
      pipelining: 1,
      duration: options.durationSeconds ?? 10,
      headers: { "X-MerchantId": sandbox.merchantId, "X-Secret": sandbox.secret },
      requests: [
        {
          method: "GET",
          setupRequest: (req) => ({ ...req, path: `/transaction/${pick()}` }),
        },
      ],
    })
    return {
      rows,
      seedMs: seeded.durationMs,
      millionSeedMs: million?.ms ?? null,
      millionHeapMb: million?.heapMb ?? null,
      requestsPerSecond: Math.round(result.requests.average),
      latencyP50Ms: result.latency.p50,
      latencyP99Ms: result.latency.p99,
      requests: result.requests.total,
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
    }
  } finally {
    await sandbox.stop()
  }
}

if (require.main === module) {
  benchSandbox({
    rows: Number(process.env.BENCH_ROWS ?? 100_000),
    durationSeconds: Number(process.env.BENCH_SECONDS ?? 10),
    connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
    million: process.env.BENCH_SKIP_MILLION !== "1",
  }).then(
    (r) => {
      const n = (x: number) => x.toLocaleString("en-US")
      if (r.millionSeedMs !== null) {
        console.log(
          `seed 1,000,000 transactions:   ${n(r.millionSeedMs)} ms, heap +${n(r.millionHeapMb ?? 0)} MB`,
        )
      }
      console.log(`seed ${n(r.rows)} transactions:     ${n(r.seedMs)} ms`)
      console.log(
        `GET /transaction/{id}:         ${n(r.requestsPerSecond)} req/s (${n(r.requests)} requests)`,
      )
      console.log(`latency p50 / p99:             ${r.latencyP50Ms} ms / ${r.latencyP99Ms} ms`)
      console.log(`errors / non-2xx:              ${r.errors} / ${r.non2xx}`)
    },
    (err: unknown) => {
      console.error(err)
      process.exit(1)
    },
  )
}
