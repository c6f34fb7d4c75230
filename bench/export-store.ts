import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { ADMIN } from "../demo/seed-data"
import { runWorker } from "./export"
import { ROOT } from "./support/medusa"
import type { Stack } from "./support/stack"

/**
 * Transaction export in a running store, where a shop feels it: `medusa start` on a seeded store,
 * the sandbox holding N records, the export asked for through the admin API as the admin page asks
 * (POST /admin/platega/exports, then polling its record), and the store process's RSS read from
 * /proc/<pid>/status every 100 ms: idle before, peak during, the rise. Beside it, the same export
 * pipeline in a process of its own (bench/export-worker.ts), what the rows cost without a store.
 *   npx tsx bench/export-store.ts      (or npm run bench -- export-store)
 *   BENCH_EXPORT_RECORDS=1000000       records (default 1,000,000)
 *   BENCH_EXPORT_FORMATS=csv,xlsx      formats
 * Goal: the store's rise ≤ 300 MB for 1,000,000 records of CSV and of XLSX.
 */

export interface StoreExportRun {
  format: string
  rows: number
  ms: number
  bytes: number
  idleRssMb: number
  peakRssMb: number
  riseMb: number
  /** the same export in a process of its own: its peak RSS over its RSS at start */
  aloneRiseMb: number
  aloneMs: number
}

export interface StoreExportResult {
  records: number
  runs: StoreExportRun[]
}

const MB = 1024 * 1024
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Resident memory of a process, from /proc (Linux), in bytes. */
function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8")
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)
  if (!kb) throw new Error(`no VmRSS for process ${pid}`)
  return Number(kb[1]) * 1024
}

/** Samples a process's RSS every `everyMs` until stopped; the highest and the last. */
function sampleRss(pid: number, everyMs = 100): { stop(): { peak: number; last: number } } {
  let peak = rssOf(pid)
  let last = peak
  const timer = setInterval(() => {
    last = rssOf(pid)
    peak = Math.max(peak, last)
  }, everyMs)
  return {
    stop() {
      clearInterval(timer)
      return { peak, last }
    },
  }
}

/** The store at rest: the median of its RSS over `ms`. */
async function idleRss(pid: number, ms = 3_000): Promise<number> {
  const seen: number[] = []
  for (let t = 0; t < ms; t += 100) {
    seen.push(rssOf(pid))
    await sleep(100)
  }
  seen.sort((a, b) => a - b)
  return seen[Math.floor(seen.length / 2)]
}

async function adminToken(url: string): Promise<string> {
  const res = await fetch(`${url}/auth/user/emailpass`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  })
  if (!res.ok) throw new Error(`admin login: ${res.status} ${await res.text()}`)
  return ((await res.json()) as { token: string }).token
}

interface ExportView {
  id: string
  status: string
  row_count: number
  file: { size: number | null } | null
  error: unknown
}

async function exportInStore(
  stack: Stack,
  token: string,
  format: string,
  window: { from: string; to: string },
): Promise<Omit<StoreExportRun, "aloneRiseMb" | "aloneMs">> {
  const pid = stack.medusa.pid
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" }
  const idle = await idleRss(pid)
  const rss = sampleRss(pid)
  const started = performance.now()
  const res = await fetch(`${stack.medusa.url}/admin/platega/exports`, {
    method: "POST",
    headers,
    body: JSON.stringify({ ...window, format, language: "ru", time_zone: "Europe/Moscow" }),
  })
  if (res.status !== 202) throw new Error(`POST /admin/platega/exports: ${res.status}`)
  const { id } = ((await res.json()) as { export: ExportView }).export
  let view: ExportView
  for (;;) {
    await sleep(250)
    const polled = await fetch(`${stack.medusa.url}/admin/platega/exports/${id}`, { headers })
    view = ((await polled.json()) as { export: ExportView }).export
    if (view.status === "done" || view.status === "failed") break
  }
  const ms = performance.now() - started
  const { peak } = rss.stop()
  if (view.status !== "done") throw new Error(`${format} export failed: ${JSON.stringify(view)}`)
  await removeFile(stack, id)
  return {
    format,
    rows: view.row_count,
    ms: Math.round(ms),
    bytes: view.file?.size ?? 0,
    idleRssMb: Math.round(idle / MB),
    peakRssMb: Math.round(peak / MB),
    riseMb: Math.round((peak - idle) / MB),
  }
}

/** The written file leaves the disk (the local file provider keeps files under static/). */
async function removeFile(stack: Stack, id: string): Promise<void> {
  const { rows } = await stack.db.query<{ file_key: string }>(
    "select file_key from platega_export where id = $1",
    [id],
  )
  const key = rows[0]?.file_key
  if (key) fs.rmSync(path.join(ROOT, "static", key), { force: true })
}

/** One format: a freshly booted store (its heap as a shop's is after a restart), then the export. */
async function benchFormat(
  format: string,
  records: number,
  dir: string,
  say: (m: string) => void,
): Promise<StoreExportRun> {
  const { startStack } = await import("./support/stack.js")
  // A million records live in the sandbox's memory: it gets a heap large enough for them.
  const stack = await startStack({ say, sandboxNodeArgs: ["--max-old-space-size=8192"] })
  try {
    const to = Date.now()
    const from = to - 30 * 86_400_000
    await stack.sandbox.control("POST", "/settings", { jsonExportLimit: records })
    await stack.sandbox.control("POST", "/transactions/seed", {
      count: records,
      from,
      to,
      amountMin: 0.01,
      amountMax: 250_000,
    })
    const window = {
      from: new Date(from - 1000).toISOString(),
      to: new Date(to + 1000).toISOString(),
    }
    say(`  ${format}: in the store`)
    const inStore = await exportInStore(stack, await adminToken(stack.medusa.url), format, window)
    say(`  ${format}: the same pipeline in a process of its own`)
    const file = path.join(dir, `out.${format}`)
    const alone = await runWorker(format, file, {
      BENCH_BASE_URL: stack.sandbox.url,
      BENCH_MERCHANT_ID: stack.sandbox.merchantId,
      BENCH_SECRET: stack.sandbox.secret,
      BENCH_FROM: window.from,
      BENCH_TO: window.to,
    })
    fs.rmSync(file, { force: true })
    return { ...inStore, aloneRiseMb: alone.peakRssMb - alone.baselineRssMb, aloneMs: alone.ms }
  } finally {
    await stack.stop()
  }
}

export async function runStoreExportBench(options: {
  records?: number
  formats?: string[]
  say: (m: string) => void
}): Promise<StoreExportResult> {
  const env = process.env
  const records = options.records ?? Number(env.BENCH_EXPORT_RECORDS || 1_000_000)
  const formats = options.formats ?? (env.BENCH_EXPORT_FORMATS || "csv,xlsx").split(",")
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "platega-export-store-"))
  try {
    const runs: StoreExportRun[] = []
    // A store of its own per format: after one export's major collection the next would start
    // with a heap already swept, and rise less than it would in a shop.
    for (const format of formats) runs.push(await benchFormat(format, records, dir, options.say))
    return { records, runs }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

export function printStoreExportBench(result: StoreExportResult): void {
  const n = (x: number) => x.toLocaleString("en-US")
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`
  console.log(
    `export-store (${n(result.records)} records, asked for through the admin API of a running store)`,
  )
  console.log(
    "  format   time     store RSS: idle → peak   rise      the pipeline alone: rise, time   file",
  )
  for (const r of result.runs) {
    console.log(
      `  ${r.format.padEnd(6)} ${s(r.ms).padStart(7)}   ${`${n(r.idleRssMb)} → ${n(r.peakRssMb)} MB`.padStart(20)}   ${`+${n(r.riseMb)} MB`.padStart(8)}   ${`+${n(r.aloneRiseMb)} MB, ${s(r.aloneMs)}`.padStart(28)}   ${n(Math.round(r.bytes / MB))} MB, ${n(r.rows)} rows`,
    )
  }
  console.log("  goal: the store's rise ≤ 300 MB for 1,000,000 records of CSV and of XLSX")
}

if (require.main === module) {
  runStoreExportBench({ say: (m) => console.log(m) })
    .then(printStoreExportBench)
    .catch((e: unknown) => {
      console.error(e)
      process.exit(1)
    })
}
