import http from "node:http"
import { startSandbox } from "platega-sandbox"

/**
 * The sandbox's JSON export of a million records: streamed over HTTP (what it does), beside the
 * alternative of building the whole answer in memory first (one array, one JSON.stringify).
 *   NODE_OPTIONS=--expose-gc npx tsx bench/sandbox-export.ts   (BENCH_EXPORT_ROWS)
 */

export interface ExportBenchResult {
  rows: number
  bytes: number
  streamMs: number
  /** heap growth at its highest while the answer was read */
  streamPeakHeapMb: number
  /** the alternative, on the same records */
  buildAllMs: number
  buildAllPeakHeapMb: number
}

const MB = 1024 * 1024
const gc = () => (globalThis as { gc?: () => void }).gc?.()

export async function benchExport(rows = 1_000_000): Promise<ExportBenchResult> {
  const sandbox = await startSandbox({ quiet: true, seed: 4 })
  try {
    await sandbox.control.seedTransactions(rows)
    gc()
    const base = process.memoryUsage().heapUsed
    let peak = base
    const sample = () => (peak = Math.max(peak, process.memoryUsage().heapUsed))
    const t0 = performance.now()
    const bytes = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        `${sandbox.url}/transaction/export/json`,
        {
          method: "POST",
          headers: { "X-MerchantId": sandbox.merchantId, "X-Secret": sandbox.secret },
        },
        (res) => {
          let n = 0
          let chunks = 0
          res.on("data", (c: Buffer) => {
            n += c.length
            if (++chunks % 50 === 0) sample()
          })
          res.on("end", () => resolve(n))
          res.on("error", reject)
        },
      )
      req.on("error", reject)
      req.end()
    })
    const streamMs = performance.now() - t0
    const streamPeak = peak - base

    // The alternative: every record in one array, then one string (what the export did before).
    gc()
    const base2 = process.memoryUsage().heapUsed
    const t1 = performance.now()
    const records = new Array<Record<string, unknown>>(rows)
    for (let k = 0; k < rows; k++) {
      records[k] = {
        recordId: `00000000-0000-4000-8000-${String(k).padStart(12, "0")}`,
        createdAt: "2024-01-01 00:00:00",
        amount: k / 100,
        currencyCode: "RUB",
        status: "CONFIRMED",
        paymentMethod: "SBPQR",
        description: "Seeded order",
        payload: `seed-${k}`,
      }
    }
    const text = JSON.stringify(records)
    const buildAllPeak = process.memoryUsage().heapUsed - base2
    const buildAllMs = performance.now() - t1
    void text.length
    return {
      rows,
      bytes,
      streamMs: Math.round(streamMs),
      streamPeakHeapMb: Math.round(streamPeak / MB),
      buildAllMs: Math.round(buildAllMs),
      buildAllPeakHeapMb: Math.round(buildAllPeak / MB),
    }
  } finally {
    await sandbox.stop()
  }
}

export function printExportBench(r: ExportBenchResult): void {
  const n = (x: number) => x.toLocaleString("en-US")
  console.log(
    `  JSON export ${n(r.rows)} records   streamed: ${n(r.streamMs)} ms, ${n(Math.round(r.bytes / MB))} MB sent, heap peak +${n(r.streamPeakHeapMb)} MB`,
  )
  console.log(
    `                                  built whole (alternative): ${n(r.buildAllMs)} ms, heap +${n(r.buildAllPeakHeapMb)} MB`,
  )
}

if (require.main === module) {
  benchExport(Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000)).then(
    printExportBench,
    (err: unknown) => {
      console.error(err)
      process.exit(1)
    },
  )
}
