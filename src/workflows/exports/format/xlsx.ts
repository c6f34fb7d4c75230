import type { Writable } from "node:stream"
import ExcelJS from "exceljs"
import type { ExportRow } from "../../../lib/platega"
import { EXPORT_COLUMNS } from "./columns"

/** Rows per sheet: Excel's 1,048,576 less the header. Longer exports go on to the next sheet. */
export const SHEET_ROWS = 1_048_575
const YIELD_EVERY = 1_000

/**
 * Writes the rows as an .xlsx through exceljs's streaming WorkbookWriter: each row is committed
 * (and leaves memory) as soon as it is added; inline strings, no shared-string table. Amounts are
 * number cells when the number is exactly the decimal text (so they add up in Excel), text cells
 * otherwise: never a rounded value.
 */
export async function writeXlsx(
  rows: AsyncIterable<ExportRow>,
  out: Writable,
  sheetRows = SHEET_ROWS,
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  })
  let sheet: ExcelJS.Worksheet | undefined
  let sheets = 0
  let inSheet = 0
  let n = 0
  for await (const row of rows) {
    if (!sheet || inSheet === sheetRows) {
      sheet?.commit()
      sheets += 1
      sheet = workbook.addWorksheet(sheets === 1 ? "Transactions" : `Transactions ${sheets}`)
      sheet.columns = EXPORT_COLUMNS.map((key) => ({ header: key, key, width: widthOf(key) }))
      inSheet = 0
    }
    sheet.addRow(cells(row)).commit()
    inSheet += 1
    // Let the file stream catch up, so a slow upload never piles the workbook up in memory.
    if (++n % YIELD_EVERY === 0) {
      if (out.writableNeedDrain) await new Promise((resolve) => out.once("drain", resolve))
      else await new Promise((resolve) => setImmediate(resolve))
    }
  }
  if (!sheet) {
    sheet = workbook.addWorksheet("Transactions")
    sheet.columns = EXPORT_COLUMNS.map((key) => ({ header: key, key, width: widthOf(key) }))
  }
  sheet.commit()
  await workbook.commit()
}

function cells(row: ExportRow): Record<string, string | number> {
  const amount = Number(row.amount)
  // "1500.1" round-trips exactly; "1500.10" or 20 digits would not: those stay text.
  return { ...row, amount: String(amount) === row.amount ? amount : row.amount }
}

function widthOf(key: string): number {
  return key === "recordId" ? 38 : key === "description" || key === "payload" ? 30 : 20
}
