import { PassThrough, Readable } from "node:stream"
import { MathBN } from "@medusajs/framework/utils"
import {
  fileCells,
  readAsSpreadsheet,
  readExportFile,
  withoutNeutralization,
} from "../../../../integration-tests/helpers/export-files"
import {
  COLUMN_TITLES,
  EXPORT_COLUMNS,
  EXPORT_FORMATS,
  neutralizeFormula,
  KIND_WORDS,
  writeExport,
  type ExportFileRow,
  type ExportFormat,
} from "../format"

function row(i: number, over: Partial<ExportFileRow> = {}): ExportFileRow {
  return {
    recordId: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    createdAt: "2026-11-01 12:00:00",
    amount: ["1500.1", "0.01", "1500.10", "12345678901234567.89", "100"][i % 5],
    currencyCode: "RUB",
    status: "CONFIRMED",
    paymentMethod: "SBPQR",
    description: `Заказ №${i}; "кавычки", запятая`,
    payload: i % 2 ? "" : `order_${i}\nline 2`,
    // Every third a checkout the store made into an order; the rest unknown to it.
    storeKind: i % 3 ? "unknown" : "checkout",
    orderDisplayId: i % 3 ? null : 1000 + i,
    orderId: i % 3 ? null : `order_01K${i}`,
    ...over,
  }
}

async function write(
  format: ExportFormat,
  rows: ExportFileRow[],
  options: { separator?: string; sheetRows?: number; language?: "en" | "ru" } = {},
): Promise<{ bytes: Buffer; count: number }> {
  const out = new PassThrough()
  const chunks: Buffer[] = []
  out.on("data", (c: Buffer) => chunks.push(c))
  const count = await writeExport(Readable.from(rows), format, out, {
    separator: options.separator ?? ";",
    sheetRows: options.sheetRows,
    language: options.language,
  })
  return { bytes: Buffer.concat(chunks), count }
}

describe("export files", () => {
  const rows = Array.from({ length: 25 }, (_, i) => row(i))
  const expected = [[...EXPORT_COLUMNS], ...rows.map((r) => fileCells(r))]

  it.each(EXPORT_FORMATS)(
    "%s: the same columns and rows, amounts as their exact text",
    async (format) => {
      const { bytes, count } = await write(format, rows)
      expect(count).toBe(25)
      expect(await readExportFile(format, bytes)).toEqual(expected)
    },
  )

  it("xlsx: amounts that a number holds exactly are number cells, the others text", async () => {
    const ExcelJS = (await import("exceljs")).default
    const { bytes } = await write("xlsx", rows.slice(0, 5))
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer)
    const amounts = workbook.worksheets[0].getColumn(3).values.slice(2)
    expect(amounts).toEqual([1500.1, 0.01, "1500.10", "12345678901234567.89", 100])
  })

  it("xlsx: goes on to a second sheet past the sheet's row limit", async () => {
    const { bytes } = await write("xlsx", rows, { sheetRows: 10 })
    expect(await readExportFile("xlsx", bytes)).toEqual(expected)
  })

  it("csv: UTF-8 with BOM, the separator from the setting, CRLF, quotes where needed", async () => {
    const { bytes } = await write("csv", rows.slice(0, 2), { separator: "," })
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
    const text = bytes.subarray(3).toString("utf8")
    expect(
      text.startsWith(
        "recordId,createdAt,amount,currencyCode,status,paymentMethod,description,payload,storeKind,orderDisplayId,orderId\r\n",
      ),
    ).toBe(true)
    expect(text).toContain('"Заказ №0; ""кавычки"", запятая"')
    expect(await readExportFile("csv", bytes, ",")).toEqual(expected.slice(0, 3))
  })

  it("csv: rows past the ones formatted together still come once each, after one BOM and one header", async () => {
    const many = Array.from({ length: 1_234 }, (_, i) => row(i))
    const { bytes, count } = await write("csv", many)
    expect(count).toBe(1_234)
    const text = bytes.toString("utf8")
    expect(text.split("\uFEFF")).toHaveLength(2)
    expect(text.split("recordId;createdAt")).toHaveLength(2)
    expect(text.endsWith("\r\n")).toBe(true)
    expect(await readExportFile("csv", bytes)).toEqual([
      [...EXPORT_COLUMNS],
      ...many.map((r) => fileCells(r)),
    ])
  })

  it.each(["ru", "en"] as const)(
    "csv in %s: read as that locale's spreadsheet reads it, the amounts are numbers that add up exactly",
    async (language) => {
      const { bytes } = await write("csv", rows, { language })
      const text = bytes.subarray(3).toString("utf8")
      const titles = EXPORT_COLUMNS.map((c) => COLUMN_TITLES[language][c])
      expect(text.startsWith(titles.join(language === "ru" ? ";" : ",") + "\r\n")).toBe(true)
      const sheet = readAsSpreadsheet(bytes, language)
      expect(sheet.header).toEqual(titles)
      const sum = (amounts: string[]) =>
        amounts.reduce((total, a) => MathBN.add(total, a), MathBN.convert(0)).toString()
      expect(sum(sheet.amounts)).toBe(sum(rows.map((r) => String(r.amount))))
      // Digit for digit: "1500.10" stays "1500,10", 20 digits stay 20 digits.
      const cells = readExportFile("csv", bytes, language === "ru" ? ";" : ",")
      expect((await cells).slice(1, 6).map((r) => r[2])).toEqual(
        ["1500.1", "0.01", "1500.10", "12345678901234567.89", "100"].map((a) =>
          language === "ru" ? a.replace(".", ",") : a,
        ),
      )
    },
  )

  it.each(["csv", "xlsx"] as const)(
    "%s in Russian: what each transaction is to the store in words, its order as a number",
    async (format) => {
      const { bytes } = await write(format, rows.slice(0, 3), { language: "ru" })
      const read = await readExportFile(format, bytes)
      const at = (c: string) => EXPORT_COLUMNS.indexOf(c as (typeof EXPORT_COLUMNS)[number])
      expect(read.slice(1).map((r) => [r[at("storeKind")], r[at("orderDisplayId")]])).toEqual([
        [KIND_WORDS.ru.checkout, "1000"],
        [KIND_WORDS.ru.unknown, ""],
        [KIND_WORDS.ru.unknown, ""],
      ])
    },
  )

  it("xlsx in Russian: Russian column titles, amounts still number cells", async () => {
    const { bytes } = await write("xlsx", rows.slice(0, 5), { language: "ru" })
    const read = await readExportFile("xlsx", bytes)
    expect(read[0]).toEqual(EXPORT_COLUMNS.map((c) => COLUMN_TITLES.ru[c]))
    const ExcelJS = (await import("exceljs")).default
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer)
    expect(workbook.worksheets[0].name).toBe("Транзакции")
    expect(workbook.worksheets[0].getColumn(3).values.slice(2, 4)).toEqual([1500.1, 0.01])
  })

  it("an empty export is a header (csv, xlsx) or an empty array (json)", async () => {
    for (const format of EXPORT_FORMATS) {
      const { bytes, count } = await write(format, [])
      expect(count).toBe(0)
      expect(await readExportFile(format, bytes)).toEqual([[...EXPORT_COLUMNS]])
    }
  })

  describe("formula injection", () => {
    const attacks = ['=HYPERLINK("http://evil","x")', "+1+1", "-2+3", "@SUM(A1)", "\tcmd", "\r=1"]

    it("neutralizeFormula prefixes exactly the dangerous starts", () => {
      for (const a of attacks) expect(neutralizeFormula(a)).toBe(`'${a}`)
      for (const safe of ["Заказ", "1500.10", "a=b", " =1", ""])
        expect(neutralizeFormula(safe)).toBe(safe)
    })

    it("csv: every text cell a spreadsheet would run is shown as text", async () => {
      const evil = attacks.map((a, i) => row(i, { description: a, payload: a }))
      const { bytes } = await write("csv", evil)
      const read = await readExportFile("csv", bytes)
      for (const [i, a] of attacks.entries()) {
        expect(read[i + 1][6]).toBe(`'${a}`)
        expect(read[i + 1][7]).toBe(`'${a}`)
      }
      // Nothing else changed.
      expect(withoutNeutralization(read).slice(1)).toEqual(evil.map((r) => fileCells(r)))
    })

    it("xlsx: such texts are string cells, never formulas", async () => {
      const ExcelJS = (await import("exceljs")).default
      const { bytes } = await write(
        "xlsx",
        attacks.map((a, i) => row(i, { description: a })),
      )
      const workbook = new ExcelJS.Workbook()
      await workbook.xlsx.load(bytes as unknown as ArrayBuffer)
      const cells = workbook.worksheets[0].getColumn(7).values.slice(2)
      // XML reads a bare CR in a text as LF: the one change a spreadsheet file makes to a text.
      expect(cells).toEqual(attacks.map((a) => a.replace(/\r/g, "\n")))
      expect(bytes.toString("latin1")).not.toContain("<f>")
    })
  })

  it("a failing source fails the write and destroys the file stream", async () => {
    async function* broken(): AsyncGenerator<ExportFileRow> {
      yield row(1)
      throw new Error("cut off")
    }
    for (const format of EXPORT_FORMATS) {
      const out = new PassThrough()
      out.resume()
      await expect(writeExport(broken(), format, out, { separator: ";" })).rejects.toThrow(
        "cut off",
      )
      expect(out.destroyed).toBe(true)
    }
  })
})
