import { Readable, type Writable } from "node:stream"
import { pipeline } from "node:stream/promises"
import type { ExportFileRow, ExportFormat } from "./columns"
import { csvChunks } from "./csv"
import { jsonChunks } from "./json"
import type { ExportLanguage } from "./locale"
import { writeXlsx } from "./xlsx"

export * from "./columns"
export * from "./locale"
export { neutralizedCsv } from "./passed-csv"
export { inertCell, neutralizedXlsx } from "./passed-xlsx"
export { SHEET_ROWS } from "./xlsx"

interface WriteExportOptions {
  /** CSV separator (the store's setting, for the Russian locale). */
  separator: string
  /** Column titles and CSV number style; without it, Platega's field names and numbers. */
  language?: ExportLanguage
  /** Called with the number of rows written so far, every `progressEvery` rows (default 5,000). */
  onProgress?: (rows: number) => void | Promise<void>
  progressEvery?: number
  /** Rows per sheet in .xlsx (tests make it small). */
  sheetRows?: number
}

/**
 * Streams `rows` into `out` as one file of `format`, one row at a time and with backpressure, and
 * ends `out`. Resolves with the number of rows written; rejects (and destroys `out`) if the rows
 * or the writing fail.
 */
export async function writeExport(
  rows: AsyncIterable<ExportFileRow>,
  format: ExportFormat,
  out: Writable,
  options: WriteExportOptions,
): Promise<number> {
  let count = 0
  const every = options.progressEvery ?? 5_000
  async function* counted(): AsyncGenerator<ExportFileRow> {
    for await (const row of rows) {
      yield row
      count += 1
      if (options.onProgress && count % every === 0) await options.onProgress(count)
    }
  }
  switch (format) {
    case "csv":
      await pipeline(Readable.from(csvChunks(counted(), options.separator, options.language)), out)
      break
    case "json":
      await pipeline(Readable.from(jsonChunks(counted())), out)
      break
    case "xlsx":
      try {
        await writeXlsx(counted(), out, options.sheetRows, options.language)
      } catch (e) {
        out.destroy(e instanceof Error ? e : new Error(String(e)))
        throw e
      }
      break
  }
  return count
}
