import fs from "node:fs"
import { pipeline } from "node:stream/promises"
import { PlategaClient } from "../src/lib/platega"
import { resolveOptions } from "../src/lib/platega/client-options"
import { PlategaHttp } from "../src/lib/platega/http"
import { writeExport, type ExportFormat } from "../src/workflows/exports/format"
import { withStoreColumns } from "../src/workflows/exports/store-columns"

/**
 * One measured export in a process of its own, so its peak RSS is its own:
 *   tsx bench/export-worker.ts <passthrough|json|csv|xlsx> <out-file>
 * with BENCH_BASE_URL, BENCH_MERCHANT_ID, BENCH_SECRET, BENCH_FROM, BENCH_TO in the environment.
 * Prints one JSON line: { mode, ms, rows, bytes, baselineRssMb, peakRssMb }.
 */

const [mode, outFile] = process.argv.slice(2)
const env = process.env
const options = {
  baseUrl: env.BENCH_BASE_URL!,
  merchantId: env.BENCH_MERCHANT_ID!,
  secret: env.BENCH_SECRET!,
  timeoutMs: 120_000,
}
const filter = { from: env.BENCH_FROM!, to: env.BENCH_TO!, timeZoneId: "Europe/Moscow" }
const MB = 1024 * 1024

async function main(): Promise<void> {
  const baselineRssMb = process.memoryUsage().rss / MB
  const out = fs.createWriteStream(outFile)
  const started = performance.now()
  let rows = 0
  if (mode === "passthrough") {
    // The same request and transport, the bytes straight to the file: the floor for any export.
    const http = new PlategaHttp(resolveOptions(options))
    const body = Buffer.from(JSON.stringify(filter))
    const opened = await http.open({
      method: "POST",
      endpoint: "POST /transaction/export/json",
      url: new URL(`${options.baseUrl}/transaction/export/json`),
      body,
      accept: "text/plain",
      credentials: true,
    })
    await pipeline(opened.body, out)
  } else {
    const client = new PlategaClient(options)
    const records = await client.exportTransactionsJsonStream(filter)
    // No store here: every row is classified as unknown, so this measures the batching, not the
    // database look-up (one query set per 1,000 rows in a store).
    const none = async () => new Map()
    rows = await writeExport(withStoreColumns(records, none), mode as ExportFormat, out, {
      separator: ";",
    })
  }
  const ms = performance.now() - started
  console.log(
    JSON.stringify({
      mode,
      ms: Math.round(ms),
      rows,
      bytes: fs.statSync(outFile).size,
      baselineRssMb: Math.round(baselineRssMb),
      peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    }),
  )
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e)
  process.exit(1)
})
