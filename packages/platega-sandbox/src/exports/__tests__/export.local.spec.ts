import ExcelJS from "exceljs"
import type { RunningSandbox } from "../../types"
import type { ExportRecord } from "../columns"
import { api, createPayment, SPEC_EXPORT_COLUMNS, start } from "../../__tests__/helpers"

const EXPORT_HEADERS = { accept: "text/plain" }
const DST_EDGE = Date.parse("2024-03-10T06:59:59Z") // New York moves from EST to EDT at 07:00:00Z

describe("sandbox: transaction export", () => {
  let sandbox: RunningSandbox

  const exportJson = (body: unknown) =>
    api<ExportRecord[]>(sandbox, "POST", "/transaction/export/json", body, EXPORT_HEADERS)

  beforeAll(async () => {
    sandbox = await start({ seed: 11 })
  })
  afterAll(async () => {
    await sandbox.stop()
  })
  beforeEach(async () => {
    await sandbox.control.reset()
  })

  it("answers the records inline, newest first, in the documented shape", async () => {
    const a = await createPayment(sandbox, { payload: undefined }, { amount: 11.5 })
    const b = await createPayment(sandbox, { paymentMethod: 11 })
    const res = await exportJson({})
    expect(res.status).toBe(200)
    expect(res.headers.get("content-type")).toMatch(/^application\/json/)
    expect(res.body.map((r) => r.recordId)).toEqual([b.transactionId, a.transactionId])
    expect(res.body[1]).toEqual({
      recordId: a.transactionId,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      amount: 11.5,
      currencyCode: "RUB",
      status: "PENDING",
      paymentMethod: "SBPQR",
      description: "Order #1",
      payload: "",
    })
  })

  it("filters by status codes 1/6/7/9 and by method codes", async () => {
    await sandbox.control.seedTransactions(40, {
      statuses: ["PENDING", "CANCELED", "CONFIRMED", "CHARGEBACKED"],
      paymentMethods: [2, 11],
    })
    const count = async (body: unknown) => (await exportJson(body)).body.length
    expect(await count({})).toBe(40)
    for (const [code, name] of [
      ["1", "PENDING"],
      ["6", "CANCELED"],
      ["7", "CONFIRMED"],
      ["9", "CHARGEBACKED"],
    ]) {
      const res = await exportJson({ statuses: [code] })
      expect(res.body).toHaveLength(10)
      expect(new Set(res.body.map((r) => r.status))).toEqual(new Set([name]))
    }
    expect(await count({ statuses: ["6", "7"] })).toBe(20)
    const sbp = await exportJson({ paymentMethods: ["2"] })
    expect(sbp.body).toHaveLength(20)
    expect(new Set(sbp.body.map((r) => r.paymentMethod))).toEqual(new Set(["SBPQR"]))
    expect(await count({ statuses: ["7"], paymentMethods: ["11"] })).toBe(0) // CONFIRMED rows are the SBP ones
    expect(await count({ statuses: ["7"], paymentMethods: ["2"] })).toBe(10)
  })

  it("filters by from/to (inclusive)", async () => {
    await sandbox.control.seedTransactions(1, { from: DST_EDGE, to: DST_EDGE })
    await sandbox.control.seedTransactions(1, { from: DST_EDGE + 1000, to: DST_EDGE + 1000 })
    const iso = (ms: number) => new Date(ms).toISOString()
    expect((await exportJson({ from: iso(DST_EDGE), to: iso(DST_EDGE) })).body).toHaveLength(1)
    expect((await exportJson({ from: iso(DST_EDGE), to: iso(DST_EDGE + 1000) })).body).toHaveLength(
      2,
    )
    expect((await exportJson({ from: iso(DST_EDGE + 1) })).body).toHaveLength(1)
    expect((await exportJson({ to: iso(DST_EDGE - 1) })).body).toHaveLength(0)
  })

  it("formats createdAt in timeZoneId, across a DST change", async () => {
    await sandbox.control.seedTransactions(1, { from: DST_EDGE, to: DST_EDGE })
    await sandbox.control.seedTransactions(1, { from: DST_EDGE + 1000, to: DST_EDGE + 1000 })
    const zone = async (timeZoneId?: string) =>
      (await exportJson({ timeZoneId })).body.map((r) => r.createdAt)
    expect(await zone("UTC")).toEqual(["2024-03-10 07:00:00", "2024-03-10 06:59:59"])
    expect(await zone(undefined)).toEqual(["2024-03-10 07:00:00", "2024-03-10 06:59:59"])
    expect(await zone("Europe/Moscow")).toEqual(["2024-03-10 10:00:00", "2024-03-10 09:59:59"])
    expect(await zone("America/New_York")).toEqual(["2024-03-10 03:00:00", "2024-03-10 01:59:59"])
    expect(await zone("Asia/Kathmandu")).toEqual(["2024-03-10 12:45:00", "2024-03-10 12:44:59"])
  })

  it.each([
    ["an unknown status code", { statuses: ["5"] }, "statuses"],
    ["an unknown method code", { paymentMethods: ["99"] }, "paymentMethods"],
    ["an unknown time zone", { timeZoneId: "Mars/Olympus" }, "timeZoneId"],
    ["a bad date", { from: "yesterday" }, "from"],
    ["from after to", { from: "2024-02-01T00:00:00Z", to: "2024-01-01T00:00:00Z" }, "from"],
  ])("answers 400 for %s", async (_name, body, key) => {
    const res = await api<{ data: { key: string }[] }>(
      sandbox,
      "POST",
      "/transaction/export/json",
      body,
    )
    expect(res.status).toBe(400)
    expect(res.body.data[0].key).toBe(key)
  })

  it("caps the JSON export and names the way out", async () => {
    await sandbox.control.configure({ jsonExportLimit: 5 })
    await sandbox.control.seedTransactions(6)
    const res = await api<{ data: { message: string }[] }>(
      sandbox,
      "POST",
      "/transaction/export/json",
      {},
    )
    expect(res.status).toBe(400)
    expect(res.body.data[0].message).toMatch(
      /6 transactions match; the JSON export returns at most 5/,
    )
    expect((await exportJson({ statuses: ["7"] })).status).toBe(200)
  })

  it("CSV: answers { url } to a file with a header and one line per record", async () => {
    await sandbox.control.seedTransactions(25, {
      statuses: ["CONFIRMED"],
      from: DST_EDGE,
      to: DST_EDGE + 60_000,
    })
    const res = await api<{ url: string }>(sandbox, "POST", "/transaction/export/csv", {
      timeZoneId: "Europe/Moscow",
    })
    expect(res.status).toBe(200)
    expect(res.body.url).toMatch(new RegExp(`^${sandbox.url}/_files/[0-9a-f]{32}\\.csv$`))
    const file = await fetch(res.body.url)
    expect(file.status).toBe(200)
    expect(file.headers.get("content-type")).toMatch(/^text\/csv/)
    const lines = (await file.text()).trim().split("\n")
    expect(lines[0]).toBe(
      "recordId,createdAt,amount,currencyCode,status,paymentMethod,description,payload",
    )
    expect(lines).toHaveLength(26)
    const json = (await exportJson({ timeZoneId: "Europe/Moscow" })).body
    const cells = lines[1].split(",")
    expect(cells[0]).toBe(json[0].recordId)
    expect(cells[1]).toBe(json[0].createdAt)
    expect(Number(cells[2])).toBe(json[0].amount)
    expect(cells[4]).toBe("CONFIRMED")
  })

  it("CSV quotes values that need it", async () => {
    await createPayment(sandbox, { description: 'He said "hi", then left' })
    const res = await api<{ url: string }>(sandbox, "POST", "/transaction/export/csv", {})
    const text = await (await fetch(res.body.url)).text()
    expect(text).toContain('"He said ""hi"", then left"')
  })

  it("Excel: answers { url } to an .xlsx that reads back with the same records", async () => {
    await sandbox.control.seedTransactions(30, { paymentMethods: [11] })
    const res = await api<{ url: string }>(sandbox, "POST", "/transaction/export/excel", {
      statuses: ["7"],
    })
    expect(res.body.url).toMatch(/\/_files\/[0-9a-f]{32}\.xlsx$/)
    const file = await fetch(res.body.url)
    expect(file.headers.get("content-type")).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    )
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(Buffer.from(await file.arrayBuffer()) as unknown as ExcelJS.Buffer)
    const sheet = workbook.getWorksheet("Transactions")!
    const rows: unknown[][] = []
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)))
    expect(rows[0]).toEqual(SPEC_EXPORT_COLUMNS)
    const json = (await exportJson({ statuses: ["7"] })).body
    expect(rows).toHaveLength(json.length + 1)
    expect(rows[1]).toEqual([
      json[0].recordId,
      json[0].createdAt,
      json[0].amount,
      "RUB",
      "CONFIRMED",
      "CardAcquiring",
      "Seeded order",
      json[0].payload,
    ])
  })

  it("unknown file names are 404; export needs merchant auth", async () => {
    expect((await fetch(`${sandbox.url}/_files/${"0".repeat(32)}.csv`)).status).toBe(404)
    expect((await fetch(`${sandbox.url}/transaction/export/csv`, { method: "POST" })).status).toBe(
      401,
    )
  })
})
