import type { Writable } from "node:stream"
import ExcelJS from "exceljs"
import { EXPORT_COLUMNS, type ExportFileRow } from "./columns"
import { COLUMN_TITLES, KIND_WORDS, type ExportLanguage } from "./locale"

/** Rows per sheet: Excel's 1,048,576 less the header. Longer exports go on to the next sheet. */
export const SHEET_ROWS = 1_048_575
const YIELD_EVERY = 1_000
const ZIP_LEVEL = 1
/** Uncompressed sheet bytes allowed to wait for the zip before rows pause. */
const MAX_BACKLOG = 8 * 1024 * 1024

/**
 * Writes the rows as an .xlsx through exceljs's streaming WorkbookWriter: each row is committed
 * (and leaves memory) as soon as it is added; inline strings, no shared-string table. Amounts are
 * number cells when the number is exactly the decimal text (so they add up in Excel), text cells
 * otherwise: never a rounded value.
 */
export async function writeXlsx(
  rows: AsyncIterable<ExportFileRow>,
  out: Writable,
  sheetRows = SHEET_ROWS,
  language?: ExportLanguage,
): Promise<void> {
  const columns = EXPORT_COLUMNS.map((key) => ({
    header: language ? COLUMN_TITLES[language][key] : key,
    key,
    width: widthOf(key),
  }))
  const sheetName = language === "ru" ? "Транзакции" : "Transactions"
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
    // Fast deflate: compression, not the rows, is what an .xlsx export waits for.
    zip: { zlib: { level: ZIP_LEVEL } },
  })
  let sheet: ExcelJS.Worksheet | undefined
  let sheets = 0
  let inSheet = 0
  let n = 0
  for await (const row of rows) {
    if (!sheet || inSheet === sheetRows) {
      sheet?.commit()
      sheets += 1
      sheet = workbook.addWorksheet(sheets === 1 ? sheetName : `${sheetName} ${sheets}`)
      sheet.columns = columns
      inSheet = 0
    }
    sheet.addRow(cells(row, language)).commit()
    inSheet += 1
    // Let the compressor and the file stream catch up, so neither a slow deflate nor a slow
    // upload piles the workbook up in memory.
    if (++n % YIELD_EVERY === 0) await catchUp(sheet, out)
  }
  if (!sheet) {
    sheet = workbook.addWorksheet(sheetName)
    sheet.columns = columns
  }
  sheet.commit()
  await workbook.commit()
}

/**
 * Waits while the zip or the file stream is backed up. exceljs writes a sheet into the zip without
 * backpressure (its stream buffer ignores the answer of the stream it pipes into), so the backlog
 * is read from that stream, archiver's readable-stream PassThrough: exceljs 4's internals, read
 * defensively (without them this only yields, as before).
 */
async function catchUp(sheet: ExcelJS.Worksheet, out: Writable): Promise<void> {
  const entry = (sheet as unknown as { stream?: { pipes?: unknown[] } }).stream?.pipes?.[0] as
    { _writableState?: { length?: number }; destroyed?: boolean } | undefined
  while ((entry?._writableState?.length ?? 0) > MAX_BACKLOG && !entry?.destroyed) {
    await new Promise((resolve) => setTimeout(resolve, 2))
  }
  if (out.writableNeedDrain) await new Promise((resolve) => out.once("drain", resolve))
  else await new Promise((resolve) => setImmediate(resolve))
}

function cells(row: ExportFileRow, language?: ExportLanguage): Record<string, unknown> {
  const amount = Number(row.amount)
  return {
    ...row,
    // "1500.1" round-trips exactly; "1500.10" or 20 digits would not: those stay text.
    amount: String(amount) === row.amount ? amount : row.amount,
    storeKind: language ? KIND_WORDS[language][row.storeKind] : row.storeKind,
  }
}

function widthOf(key: string): number {
  return key === "recordId" || key === "orderId"
    ? 38
    : key === "description" || key === "payload"
      ? 30
      : 20
}
