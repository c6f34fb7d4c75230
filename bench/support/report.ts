import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { RESULTS_DIR } from "./medusa"

/** Printing pairs side by side, and the JSON file every run leaves behind. */

export const RESULTS_FILE = path.join(RESULTS_DIR, "latest.json")

const fmt = (x: number, digits = 0) =>
  Number.isFinite(x)
    ? x.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : "–"

/** Figures to a printable cell: "2,100/s" or "0.25 ms". */
export const cell = {
  rate: (x: number, unit = "/s") => `${fmt(x, x < 10 ? 2 : 0)}${unit}`,
  ms: (x: number) => `${fmt(x, x < 10 ? 2 : x < 100 ? 1 : 0)} ms`,
  ratio: (x: number) => `${fmt(x, 2)}×`,
  int: (x: number) => fmt(x),
}

export interface Table {
  title: string
  /** e.g. ["", "Platega", "system", "ratio"] */
  columns: string[]
  rows: string[][]
  notes?: string[]
}

export function printTable(t: Table): void {
  const widths = t.columns.map((c, i) =>
    Math.max(c.length, ...t.rows.map((r) => (r[i] ?? "").length)),
  )
  const line = (cells: string[]) =>
    "  " +
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i])))
      .join("   ")
      .trimEnd()
  console.log(`\n${t.title}`)
  console.log(line(t.columns))
  for (const r of t.rows) console.log(line(r))
  for (const n of t.notes ?? []) console.log(`  ${n}`)
}

export function machine(): Record<string, unknown> {
  const cpus = os.cpus()
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model,
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    loadAverageAtStart: os.loadavg().map((l) => Math.round(l * 100) / 100),
  }
}

/** Writes this run's results over the same keys of the last file (a sub-command keeps the rest). */
export function saveResults(results: Record<string, unknown>): string {
  fs.mkdirSync(RESULTS_DIR, { recursive: true })
  let previous: Record<string, unknown> = {}
  try {
    previous = JSON.parse(fs.readFileSync(RESULTS_FILE, "utf8")) as Record<string, unknown>
  } catch {
    // first run
  }
  const merged = { ...previous, ...results, savedAt: new Date().toISOString() }
  fs.writeFileSync(RESULTS_FILE, JSON.stringify(merged, null, 2) + "\n")
  return RESULTS_FILE
}
