import { Readable } from "node:stream"
import ExcelJS from "exceljs"
import { neutralizedXlsx } from "../format"

/** A workbook as a tampered or careless export could hold it. */
async function hostileWorkbook(): Promise<Buffer> {
  const book = new ExcelJS.Workbook()
  const sheet = book.addWorksheet("Transactions")
  sheet.addRow(["id", "amount", "description", "link"])
  sheet.addRow(["tx-1", 1500.1, '=HYPERLINK("http://evil.example","click")', "ok"])
  sheet.addRow(["tx-2", 2, "+7 (900) 000-00-00", "@SUM(A1:A2)"])
  sheet.addRow(["tx-3", { formula: "1+1", result: 2 }, { formula: "cmd|' /C calc'!A0" }, "-1"])
  sheet.addRow([
    "tx-4",
    3,
    { richText: [{ text: "=1" }, { text: "+2" }] },
    { text: "pay", hyperlink: "javascript:alert(1)" },
  ])
  return Buffer.from(await book.xlsx.writeBuffer())
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer))
  return Buffer.concat(chunks)
}

describe("Platega's own Excel file on its way to the admin", () => {
  it("holds no formula, no link and no text a spreadsheet would run; values and the sheet stay", async () => {
    const out = await collect(neutralizedXlsx(Readable.from([await hostileWorkbook()])))
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(out as unknown as ArrayBuffer)
    const sheet = book.getWorksheet("Transactions")!
    const rows: ExcelJS.CellValue[][] = []
    sheet.eachRow((r) => rows.push((r.values as ExcelJS.CellValue[]).slice(1)))
    expect(rows).toEqual([
      ["id", "amount", "description", "link"],
      ["tx-1", 1500.1, '\'=HYPERLINK("http://evil.example","click")', "ok"],
      ["tx-2", 2, "'+7 (900) 000-00-00", "'@SUM(A1:A2)"],
      ["tx-3", 2, "'=cmd|' /C calc'!A0", "'-1"],
      ["tx-4", 3, "'=1+2", "pay"],
    ])
    sheet.eachRow((r) =>
      r.eachCell((c) => {
        expect(c.type).not.toBe(ExcelJS.ValueType.Formula)
        expect(c.hyperlink).toBeUndefined()
      }),
    )
  })

  it("a file that is not a workbook fails the stream instead of passing through", async () => {
    await expect(
      collect(neutralizedXlsx(Readable.from([Buffer.from("not a zip")]))),
    ).rejects.toThrow(/invalid signature/) // the zip reader's refusal: not a workbook
  })
})
