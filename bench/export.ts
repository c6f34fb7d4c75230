import { spawn } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { DEFAULT_MERCHANT_ID, DEFAULT_SECRET } from "platega-sandbox"
import { startSandboxProcess } from "./support/sandbox-client"

/**
 * Transaction export: N records from the sandbox's JSON export to CSV and to XLSX, streamed the
 * way the export workflow streams them (client → parser → writer → file), beside a raw pass-through
 * of the same JSON bytes to a file. Each run is a process of its own: its time and peak RSS.
 *   npx tsx bench/export.ts
 *   BENCH_EXPORT_ROWS=1000000      records to export (default 1,000,000)
 *   BENCH_EXPORT_JSON_LIMIT=…      the sandbox's jsonExportLimit (default: the rows)
 *   BENCH_EXPORT_FORMATS=csv,xlsx  which exports to run besides the pass-through
 *   BENCH_SANDBOX_URL=…            use a running sandbox (seeded by this script) instead of starting one
 * Goal: peak RSS ≤ 300 MB; CSV in ≤ 2× the pass-through time.
 */

export interface ExportBenchRun {
  mode: string
  ms: number
  rows: number
  bytes: number
  baselineRssMb: number
  peakRssMb: number
}

export interface ExportBenchResult {
  rows: number
  jsonLimit: number
  runs: ExportBenchRun[]
}

const ROOT = path.resolve(__dirname, "..")
const TSX = path.join(ROOT, "node_modules", "tsx", "dist", "cli.mjs")

export function runWorker(
  mode: string,
  outFile: string,
  env: Record<string, string>,
): Promise<ExportBenchRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [TSX, path.join(__dirname, "export-worker.ts"), mode, outFile],
      {
        env: { ...process.env, ...env },
        stdio: ["ignore", "pipe", "inherit"],
      },
    )
    let out = ""
    child.stdout.on("data", (c: Buffer) => (out += c.toString()))
    child.once("exit", (code) => {
      if (code !== 0) return reject(new Error(`${mode} export failed (exit ${code})`))
      resolve(JSON.parse(out.trim().split("\n").pop()!) as ExportBenchRun)
    })
  })
}

export async function runExportBench(
  options: { rows?: number; jsonLimit?: number; formats?: string[]; sandboxUrl?: string } = {},
): Promise<ExportBenchResult> {
  const rows = options.rows ?? 1_000_000
  const jsonLimit = options.jsonLimit ?? rows
  const formats = options.formats ?? ["csv", "xlsx"]
  // A million records live in the sandbox's memory: it gets a heap large enough for them.
  const started = options.sandboxUrl
    ? undefined
    : await startSandboxProcess({ nodeArgs: ["--max-old-space-size=8192"] })
  const url = options.sandboxUrl ?? started!.url
  const control = (route: string, body: unknown) =>
    started ? started.control("POST", route, body) : postControl(options.sandboxUrl!, route, body)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "platega-export-bench-"))
  try {
    const to = Date.now()
    const from = to - 30 * 86_400_000
    await control("/settings", { jsonExportLimit: jsonLimit })
    await control("/transactions/seed", {
      count: rows,
      from,
      to,
      amountMin: 0.01,
      amountMax: 250_000,
    })
    const env = {
      BENCH_BASE_URL: url,
      BENCH_MERCHANT_ID:
        started?.merchantId ?? process.env.BENCH_MERCHANT_ID ?? DEFAULT_MERCHANT_ID,
      BENCH_SECRET: started?.secret ?? process.env.BENCH_SECRET ?? DEFAULT_SECRET,
      BENCH_FROM: new Date(from - 1000).toISOString(),
      BENCH_TO: new Date(to + 1000).toISOString(),
    }
    const runs: ExportBenchRun[] = []
    // The pass-through twice, first and last, so the sandbox's own warm-up counts in neither.
    for (const mode of ["passthrough", ...formats, "passthrough"]) {
      runs.push(await runWorker(mode, path.join(dir, `out.${mode}`), env))
    }
    return { rows, jsonLimit, runs }
  } finally {
    await started?.stop()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

export function printExportBench(result: ExportBenchResult): void {
  const n = (x: number) => x.toLocaleString("en-US")
  const pass = result.runs.filter((r) => r.mode === "passthrough")
  const passMs = Math.min(...pass.map((r) => r.ms))
  console.log(
    `export (${n(result.rows)} records from the sandbox, its jsonExportLimit ${n(result.jsonLimit)})`,
  )
  console.log("  run           time       vs pass   peak RSS (idle)   file")
  for (const r of result.runs) {
    const ratio = r.mode === "passthrough" ? "" : `${(r.ms / passMs).toFixed(2)}×`
    console.log(
      `  ${r.mode.padEnd(12)}  ${`${(r.ms / 1000).toFixed(1)} s`.padStart(8)}  ${ratio.padStart(8)}   ${`${r.peakRssMb} MB`.padStart(7)} (${r.baselineRssMb} MB)   ${n(Math.round(r.bytes / 1024 / 1024))} MB${r.rows ? `, ${n(r.rows)} rows` : ""}`,
    )
  }
  console.log("  goal: peak RSS ≤ 300 MB; CSV ≤ 2× the pass-through")
}

if (require.main === module) {
  const env = process.env
  runExportBench({
    rows: env.BENCH_EXPORT_ROWS ? Number(env.BENCH_EXPORT_ROWS) : undefined,
    jsonLimit: env.BENCH_EXPORT_JSON_LIMIT ? Number(env.BENCH_EXPORT_JSON_LIMIT) : undefined,
    formats: env.BENCH_EXPORT_FORMATS?.split(","),
    sandboxUrl: env.BENCH_SANDBOX_URL,
  })
    .then(printExportBench)
    .catch((e: unknown) => {
      console.error(e)
      process.exit(1)
    })
}

/** The control API of a sandbox this script did not start (BENCH_SANDBOX_URL). */
async function postControl(url: string, route: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${url}/_sandbox${route}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`sandbox ${route}: ${res.status} ${await res.text()}`)
  return res.json()
}
