import { parse } from "csv-parse/sync"
import ExcelJS from "exceljs"
import { EXPORT_COLUMNS, type ExportFormat } from "../../src/workflows/exports/format"

/** An export file read back as rows of texts: the header row first, then one row per record. */
export async function readExportFile(
  format: ExportFormat,
  bytes: Buffer,
  separator = ";",
): Promise<string[][]> {
  switch (format) {
    case "csv": {
      if (bytes.subarray(0, 3).toString("hex") !== "efbbbf") throw new Error("the CSV has no BOM")
      return parse(bytes.subarray(3).toString("utf8"), {
        delimiter: separator,
        relax_quotes: false,
      })
    }
    case "json": {
      const records = JSON.parse(bytes.toString("utf8")) as Record<string, unknown>[]
      return [
        [...EXPORT_COLUMNS],
        ...records.map((r) =>
          EXPORT_COLUMNS.map((c) => {
            const v = r[c]
            // The store's columns: an order number, or null where the store has none.
            if (v === null) return ""
            if (typeof v === "number" && c === "orderDisplayId") return String(v)
            if (typeof v !== "string") throw new Error(`JSON column ${c} is not a string`)
            return v
          }),
        ),
      ]
    }
    case "xlsx": {
      const workbook = new ExcelJS.Workbook()
      await workbook.xlsx.load(bytes as unknown as ArrayBuffer)
      const rows: string[][] = []
      workbook.worksheets.forEach((sheet, s) => {
        sheet.eachRow({ includeEmpty: false }, (row, r) => {
          if (r === 1 && s > 0) return // every sheet repeats the header
          rows.push(EXPORT_COLUMNS.map((_, i) => cellText(row.getCell(i + 1).value)))
        })
      })
      return rows
    }
  }
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return ""
  if (typeof value === "number" || typeof value === "string") return String(value)
  throw new Error(`unexpected cell value ${JSON.stringify(value)}`)
}

/** A row as a file's cells: texts as they are, an order number as its digits, nothing as "". */
export function fileCells(
  row: Partial<Record<(typeof EXPORT_COLUMNS)[number], unknown>>,
): string[] {
  return EXPORT_COLUMNS.map((c) => (row[c] == null ? "" : String(row[c])))
}

/** CSV cells carry a leading apostrophe where a spreadsheet would see a formula: take it off. */
export function withoutNeutralization(rows: string[][]): string[][] {
  return rows.map((row) => row.map((cell) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell)))
}

/**
 * A CSV read the way a spreadsheet in `language` reads it: Russian Excel splits columns at `;` and
 * takes `2990,50` for a number; English Excel splits at `,` and reads `2990.50`. Amounts come back
 * as exact decimal strings (a number in the sheet, never a float on the way).
 */
export function readAsSpreadsheet(
  bytes: Buffer,
  language: "en" | "ru",
): { header: string[]; amounts: string[] } {
  const [header, ...rows] = parse(bytes.subarray(3).toString("utf8"), {
    delimiter: language === "ru" ? ";" : ",",
  }) as string[][]
  const number = language === "ru" ? /^-?\d+(,\d+)?$/ : /^-?\d+(\.\d+)?$/
  const amounts = rows.map((row) => {
    const cell = row[2]
    if (!number.test(cell)) throw new Error(`a ${language} spreadsheet reads "${cell}" as text`)
    return language === "ru" ? cell.replace(",", ".") : cell
  })
  return { header, amounts }
}
