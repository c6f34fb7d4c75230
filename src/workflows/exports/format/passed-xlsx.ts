import { PassThrough, type Readable } from "node:stream"
import ExcelJS from "exceljs"
import { neutralizeFormula } from "./columns"

/**
 * A cell of a workbook the store did not write, as the merchant's spreadsheet may safely hold it:
 * never a formula (its last computed result, or its text made inert), no link, and text that a
 * spreadsheet would run neutralised the way the store's own files do it (neutralizeFormula).
 */
export function inertCell(value: ExcelJS.CellValue): ExcelJS.CellValue {
  if (value === null || value === undefined) return value
  if (typeof value === "string") return neutralizeFormula(value)
  if (typeof value === "number" || typeof value === "boolean" || value instanceof Date) {
    return value
  }
  if ("formula" in value || "sharedFormula" in value) {
    const result = (value as { result?: ExcelJS.CellValue }).result
    if (
      result === undefined ||
      result === null ||
      (typeof result === "object" && !(result instanceof Date))
    ) {
      const formula = (value as { formula?: string }).formula ?? ""
      return neutralizeFormula(`=${formula}`)
    }
    return inertCell(result)
  }
  if ("richText" in value) return neutralizeFormula(value.richText.map((r) => r.text).join(""))
  if ("hyperlink" in value) return neutralizeFormula(String(value.text ?? ""))
  if ("error" in value) return String(value.error)
  return neutralizeFormula(String(value as unknown))
}

/**
 * Platega's own Excel file, passed on to the admin with every cell made inert (inertCell): read
 * and written as streams (exceljs's WorkbookReader and WorkbookWriter), sheet by sheet, row by
 * row. Values and sheet names are kept; Platega's styles, formulas and links are not.
 */
export function neutralizedXlsx(source: Readable): Readable {
  const out = new PassThrough()
  const run = async () => {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(source, {
      worksheets: "emit",
      sharedStrings: "cache",
      hyperlinks: "ignore",
      styles: "ignore",
      entries: "emit",
    })
    const writer = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useSharedStrings: false,
      useStyles: false,
    })
    let n = 0
    for await (const sheet of reader) {
      n += 1
      const name = (sheet as unknown as { name?: string }).name || `Sheet${n}`
      const target = writer.addWorksheet(name)
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        const values = row.values as ExcelJS.CellValue[]
        // Row values are 1-based; empty cells stay empty.
        target.addRow(Array.from(values.slice(1), inertCell)).commit()
      }
      target.commit()
    }
    await writer.commit()
  }
  run().catch((e: Error) => {
    source.destroy()
    out.destroy(e)
  })
  return out
}
