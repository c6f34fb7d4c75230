import { randomBytes } from "node:crypto"
import { PassThrough, Readable } from "node:stream"
import { stringify } from "csv-stringify"
import ExcelJS from "exceljs"
import { EXPORT_COLUMNS, type ExportRecord } from "./columns"

// CSV and Excel exports answer { url }. Nothing is written to disk: the file remembers which rows
// matched and streams them when downloaded, so exporting a million rows costs 4 MB of indices, not
// a few hundred MB of file.

export type ExportFormat = "csv" | "xlsx"

interface ExportFile {
  format: ExportFormat
  indices: Uint32Array
  toRecord: (i: number) => ExportRecord
  createdAt: number
}

/** Excel's sheet limit (1,048,576 rows) less the header row. */
export const EXCEL_ROW_LIMIT = 1_048_575
// Old links stop working once this many newer exports exist, or after this long.
const MAX_FILES = 50
const FILE_TTL_MS = 60 * 60 * 1000

export class ExportFiles {
  private readonly files = new Map<string, ExportFile>()

  add(format: ExportFormat, indices: Uint32Array, toRecord: (i: number) => ExportRecord): string {
    this.evict()
    const token = randomBytes(16).toString("hex")
    this.files.set(token, { format, indices, toRecord, createdAt: Date.now() })
    return `${token}.${format}`
  }

  /** A download stream, or undefined for an unknown or expired name. */
  open(name: string): { stream: Readable; contentType: string; rows: number } | undefined {
    const match = /^([0-9a-f]{32})\.(csv|xlsx)$/.exec(name)
    if (!match) return undefined
    const file = this.files.get(match[1])
    if (!file || file.format !== match[2] || Date.now() - file.createdAt > FILE_TTL_MS)
      return undefined
    if (file.format === "csv") {
      return {
        stream: csvStream(file),
        contentType: "text/csv; charset=utf-8",
        rows: file.indices.length,
      }
    }
    return {
      stream: xlsxStream(file),
      contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      rows: file.indices.length,
    }
  }

  clear(): void {
    this.files.clear()
  }

  private evict(): void {
    const now = Date.now()
    for (const [token, file] of this.files) {
      if (now - file.createdAt > FILE_TTL_MS) this.files.delete(token)
    }
    while (this.files.size >= MAX_FILES) {
      const oldest = this.files.keys().next().value
      if (oldest === undefined) break
      this.files.delete(oldest)
    }
  }
}

function* rows(file: ExportFile): Generator<ExportRecord> {
  for (let k = 0; k < file.indices.length; k++) yield file.toRecord(file.indices[k])
}

function csvStream(file: ExportFile): Readable {
  const csv = stringify({ header: true, columns: [...EXPORT_COLUMNS], bom: false })
  const source = Readable.from(rows(file))
  source.on("error", (err) => csv.destroy(err))
  return source.pipe(csv)
}

function xlsxStream(file: ExportFile): Readable {
  const out = new PassThrough()
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  })
  const sheet = workbook.addWorksheet("Transactions")
  sheet.columns = EXPORT_COLUMNS.map((key) => ({
    header: key,
    key,
    width: key === "recordId" ? 38 : 20,
  }))
  const write = async () => {
    let k = 0
    for (const record of rows(file)) {
      sheet.addRow(record).commit()
      // Yield now and then, and respect the reader, so a big export neither blocks nor balloons.
      if (++k % 1000 === 0) {
        if (out.writableNeedDrain) await new Promise((r) => out.once("drain", r))
        else await new Promise((r) => setImmediate(r))
      }
    }
    sheet.commit()
    await workbook.commit()
  }
  write().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))))
  return out
}
