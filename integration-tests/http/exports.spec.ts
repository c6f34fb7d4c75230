import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys, MathBN, Modules } from "@medusajs/framework/utils"
import { failInterruptedPlategaExportsWorkflow } from "../../src/workflows/exports/fail-interrupted-exports"
import { PLATEGA_MODULE, type PlategaModuleService } from "../../src/modules/platega"
import { PlategaClient } from "../../src/lib/platega"
import {
  COLUMN_TITLES,
  EXPORT_COLUMNS,
  KIND_WORDS,
  type ExportFormat,
} from "../../src/workflows/exports/format"
import { ADMIN_EMAIL, adminHeaders } from "../helpers/admin"
import { readAsSpreadsheet, readExportFile } from "../helpers/export-files"
import { useSandbox } from "../helpers/sandbox"

jest.setTimeout(300_000)

// Transaction exports through the admin API: real Medusa on PostgreSQL, the background workflow,
// the File module, and the Platega sandbox over HTTP. Each test seeds its own period, so the
// exports of one never see the rows of another.

const sandbox = useSandbox()

type ExportView = {
  id: string
  status: "queued" | "running" | "done" | "failed"
  format: ExportFormat
  filters: Record<string, unknown>
  created_by: { id: string; email: string | null } | null
  row_count: number
  file: { name: string; size: number | null; download_url: string } | null
  platega_file_url: string | null
  error: { message: string; code?: string; http_status?: number } | null
}

const DAY = 86_400_000

/** An error answer (4xx/5xx) as a response, to look at its status and body. */
const answer = (e: { response?: unknown }) => {
  if (!e.response) throw e
  return e.response as { status: number; data: { message: string } }
}

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer, dbUtils }) => {
    let headers: { headers: Record<string, string> }

    beforeAll(async () => {
      headers = await adminHeaders(getContainer())
    })

    async function start(body: Record<string, unknown>): Promise<ExportView> {
      const res = await api.post("/admin/platega/exports", body, headers)
      expect(res.status).toBe(202)
      return res.data.export
    }

    /** Polls the record until the background work has finished. */
    async function finished(id: string, timeoutMs = 120_000): Promise<ExportView> {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const { data } = await api.get(`/admin/platega/exports/${id}`, headers)
        if (data.export.status === "done" || data.export.status === "failed") return data.export
        if (Date.now() > deadline) throw new Error(`export ${id} still ${data.export.status}`)
        await new Promise((r) => setTimeout(r, 100))
      }
    }

    async function download(
      url: string,
    ): Promise<{ bytes: Buffer; headers: Record<string, unknown> }> {
      const res = await api.get(url, { ...headers, responseType: "arraybuffer" })
      expect(res.status).toBe(200)
      return { bytes: Buffer.from(res.data), headers: res.headers }
    }

    /** The feed notification about export `id` (sent just after the record is final). */
    async function notificationAbout(id: string): Promise<{ data: Record<string, unknown> }> {
      const service = getContainer().resolve(Modules.NOTIFICATION)
      const deadline = Date.now() + 30_000
      for (;;) {
        const feed = await service.listNotifications({ channel: "feed" }, { take: 200 })
        const found = feed.find((n) => n.data?.platega_export_id === id)
        if (found) return found as { data: Record<string, unknown> }
        if (Date.now() > deadline) throw new Error(`no feed notification about ${id}`)
        await new Promise((r) => setTimeout(r, 100))
      }
    }

    describe("validation", () => {
      const valid = {
        from: "2026-01-01T00:00:00+03:00",
        to: "2026-01-31T23:59:59+03:00",
        format: "csv",
      }

      it.each([
        ["from after to", { from: "2026-02-01T00:00:00Z" }, "from"],
        ["a date that is not ISO 8601", { to: "31.01.2026" }, "to"],
        ["an unknown status", { statuses: ["CONFIRMED", "PAID"] }, "statuses"],
        ["an unknown method", { payment_methods: ["SBPQR", "Cash"] }, "payment_methods"],
        ["an unknown time zone", { time_zone: "Europe/Atlantis" }, "time_zone"],
        ["an unknown format", { format: "pdf" }, "format"],
        ["more than a year", { from: "2024-01-01T00:00:00Z" }, "to"],
      ])("%s → 400 naming the field, and no export", async (_name, change, field) => {
        const before = (await api.get("/admin/platega/exports", headers)).data.count
        const res = await api
          .post("/admin/platega/exports", { ...valid, ...change }, headers)
          .catch(answer)
        expect(res.status).toBe(400)
        expect(res.data.message).toMatch(new RegExp(`\\b${field}\\b`))
        expect((await api.get("/admin/platega/exports", headers)).data.count).toBe(before)
      })

      it("needs an admin", async () => {
        const res = await api.post("/admin/platega/exports", valid).catch(answer)
        expect(res.status).toBe(401)
      })
    })

    it("filters reach Platega as codes, and the rows' times are in the asked time zone", async () => {
      const from = Date.parse("2025-03-01T00:00:00Z")
      const seeded = await sandbox().control.seedTransactions(240, {
        from,
        to: from + 10 * DAY,
        statuses: ["PENDING", "CONFIRMED", "CANCELED", "CHARGEBACKED", "CONFIRMED"],
        paymentMethods: [2, 11, 14],
        returnIds: true,
      })
      // What Platega holds, read from the sandbox itself.
      const all = await Promise.all(seeded.ids.map((id) => sandbox().control.getTransaction(id)))
      const wanted = all.filter(
        (t) =>
          (t!.status === "CONFIRMED" || t!.status === "CHARGEBACKED") && t!.paymentMethod === 11,
      )
      expect(wanted.length).toBeGreaterThan(10)

      const record = await start({
        from: new Date(from).toISOString(),
        to: new Date(from + 10 * DAY).toISOString(),
        statuses: ["CONFIRMED", "CHARGEBACKED"],
        payment_methods: ["CardAcquiring"],
        time_zone: "Asia/Vladivostok",
        format: "json",
      })
      expect(record.status).toMatch(/queued|running|done/)
      const done = await finished(record.id)
      expect(done).toMatchObject({ status: "done", row_count: wanted.length })
      const rows = await readExportFile("json", (await download(done.file!.download_url)).bytes)
      const byId = new Map(wanted.map((t) => [t!.id, t!]))
      expect(rows.length - 1).toBe(wanted.length)
      const vladivostok = new Intl.DateTimeFormat("sv-SE", {
        timeZone: "Asia/Vladivostok",
        dateStyle: "short",
        timeStyle: "medium",
      })
      for (const row of rows.slice(1)) {
        const t = byId.get(row[0])
        expect(t).toBeDefined()
        expect(row[4]).toBe(t!.status)
        expect(row[5]).toBe("CardAcquiring")
        expect(row[1]).toBe(vladivostok.format(new Date(t!.createdAt)))
        expect(Number(row[2])).toBe(t!.amount)
      }
    })

    it("the time zone defaults to the store's setting (Europe/Moscow)", async () => {
      const record = await start({
        from: "2025-03-01T00:00:00Z",
        to: "2025-03-02T00:00:00Z",
        format: "json",
      })
      expect(record.filters).toMatchObject({
        time_zone: "Europe/Moscow",
        statuses: [],
        payment_methods: [],
      })
      expect((await finished(record.id)).status).toBe("done")
    })

    describe("10,000 rows", () => {
      const from = Date.parse("2024-06-01T00:00:00Z")
      const period = {
        from: new Date(from).toISOString(),
        to: new Date(from + 20 * DAY).toISOString(),
      }
      const results: Partial<Record<ExportFormat | "csv_en", ExportView>> = {}
      /** The period's records as Platega's whole-array answer gives them. */
      const plategaRecords = () =>
        new PlategaClient({
          baseUrl: sandbox().url,
          merchantId: sandbox().merchantId,
          secret: sandbox().secret,
        }).exportTransactionsJson({ ...period, timeZoneId: "Europe/Moscow" })

      beforeAll(async () => {
        await sandbox().control.seedTransactions(10_000, {
          from,
          to: from + 20 * DAY,
          amountMin: 0.01,
          amountMax: 250_000,
        })
        // Four exports at once, asked by a Russian admin and (one CSV) an English one: they run
        // side by side in the background.
        const started = await Promise.all([
          ...(["json", "csv", "xlsx"] as const).map((format) =>
            start({ ...period, format, language: "ru" }),
          ),
          start({ ...period, format: "csv", language: "en" }),
        ])
        for (const [i, record] of started.entries()) {
          results[i === 3 ? "csv_en" : record.format] = await finished(record.id)
          await notificationAbout(record.id)
        }
        // The runner restores the database before every test: keep these exports in it.
        await dbUtils.snapshot()
      })

      it("gives the same rows in JSON, CSV and XLSX, exactly what Platega holds", async () => {
        const files: Partial<Record<ExportFormat, string[][]>> = {}
        for (const format of ["json", "csv", "xlsx"] as const) {
          const record = results[format]!
          expect(record).toMatchObject({ status: "done", row_count: 10_000, error: null })
          const file = await download(record.file!.download_url)
          expect(file.bytes.length).toBe(record.file!.size)
          files[format] = await readExportFile(format, file.bytes, ";")
        }
        expect(files.json![0]).toEqual([...EXPORT_COLUMNS])
        expect(files.json).toHaveLength(10_001)
        // People's files: Russian column titles; the CSV's amounts with the decimal comma.
        const titles = EXPORT_COLUMNS.map((c) => COLUMN_TITLES.ru[c])
        expect(files.csv![0]).toEqual(titles)
        expect(files.xlsx![0]).toEqual(titles)
        // The store knows none of these seeded records: each is "unknown" to it, with no order.
        const kind = EXPORT_COLUMNS.indexOf("storeKind")
        expect(new Set(files.json!.slice(1).map((r) => r.slice(kind).join("|")))).toEqual(
          new Set(["unknown||"]),
        )
        const inWords = (row: string[]) =>
          row.map((v, i) => (i === kind ? KIND_WORDS.ru[v as "unknown"] : v))
        const comma = (row: string[]) =>
          inWords(row).map((v, i) => (i === 2 ? v.replace(".", ",") : v))
        expect(files.csv!.slice(1)).toEqual(files.json!.slice(1).map(comma))
        expect(files.xlsx!.slice(1)).toEqual(files.json!.slice(1).map(inWords))

        // The same records as Platega's whole-array answer, amounts to the kopeck.
        const direct = await plategaRecords()
        expect(direct).toHaveLength(10_000)
        expect(files.json!.slice(1).map((r) => [r[0], r[1], Number(r[2])])).toEqual(
          direct.map((r) => [r.recordId, r.createdAt, r.amount]),
        )
      })

      it("each CSV read as a spreadsheet in its locale adds up to Platega's total, exactly", async () => {
        const direct = await plategaRecords()
        const expected = direct.reduce(
          (sum, r) => MathBN.add(sum, String(r.amount)),
          MathBN.convert(0),
        )
        for (const [key, language] of [
          ["csv", "ru"],
          ["csv_en", "en"],
        ] as const) {
          const { bytes } = await download(results[key]!.file!.download_url)
          const sheet = readAsSpreadsheet(bytes, language)
          expect(sheet.header).toEqual(EXPORT_COLUMNS.map((c) => COLUMN_TITLES[language][c]))
          expect(sheet.amounts).toHaveLength(10_000)
          const total = sheet.amounts.reduce((sum, a) => MathBN.add(sum, a), MathBN.convert(0))
          expect(total.toString()).toBe(expected.toString())
        }
      })

      it("the CSV opens in Russian Excel: BOM, semicolons, Russian titles", async () => {
        const { bytes, headers: h } = await download(results.csv!.file!.download_url)
        expect(bytes.subarray(0, 3).toString("hex")).toBe("efbbbf")
        expect(bytes.subarray(3, 60).toString("utf8")).toMatch(/^ID транзакции;Дата;Сумма;/)
        expect(String(h["content-type"])).toMatch(/text\/csv/)
        expect(String(h["content-disposition"])).toContain(results.csv!.file!.name)
      })

      it("the history shows who, when, filters, rows, status and file", async () => {
        const { data } = await api.get("/admin/platega/exports?limit=100", headers)
        const mine = data.exports.find((e: ExportView) => e.id === results.xlsx!.id)
        expect(mine).toMatchObject({
          status: "done",
          format: "xlsx",
          row_count: 10_000,
          created_by: { email: ADMIN_EMAIL },
          filters: { from: period.from, to: period.to },
          file: { download_url: `/admin/platega/exports/${results.xlsx!.id}/download` },
        })
        expect(data.count).toBeGreaterThanOrEqual(3)
      })

      it("the admin is told in the feed, with the download link", async () => {
        const done = await notificationAbout(results.csv!.id)
        expect(done.data).toMatchObject({
          file: { url: `/admin/platega/exports/${results.csv!.id}/download` },
        })
      })

      it("Platega's own CSV and Excel files come through the store", async () => {
        const csv = await download(results.csv!.platega_file_url!)
        expect(String(csv.headers["content-type"])).toMatch(/text\/csv/)
        const lines = csv.bytes.toString("utf8").trim().split(/\r?\n/)
        expect(lines[0]).toMatch(/^recordId,createdAt,amount/)
        expect(lines).toHaveLength(10_001)
        const xlsx = await download(`${results.csv!.platega_file_url!}?format=xlsx`)
        expect(xlsx.bytes.subarray(0, 2).toString()).toBe("PK")
        // Nothing about the merchant's credentials in what the browser gets.
        expect(JSON.stringify(csv.headers)).not.toContain(sandbox().secret)

        const res = await api
          .get(`/admin/platega/exports/${results.json!.id}/platega-file`, headers)
          .catch(answer)
        expect(res.status).toBe(400)
        expect(res.data.message).toMatch(/format/)
      })
    })

    it("a failed Platega call marks the export failed with Platega's message, and says so in the feed", async () => {
      await sandbox().control.configure({ jsonExportLimit: 5 })
      try {
        const record = await start({
          from: "2024-06-01T00:00:00Z",
          to: "2024-06-21T00:00:00Z",
          format: "csv",
        })
        const failed = await finished(record.id)
        expect(failed.status).toBe("failed")
        expect(failed.file).toBeNull()
        expect(failed.error?.http_status).toBe(400)
        expect(failed.error?.message).toMatch(
          /10000 transactions match; the JSON export returns at most 5/,
        )
        const told = await notificationAbout(record.id)
        expect(String(told.data.title)).toBe("Platega transaction export")
        expect(String(told.data.description)).toMatch(
          /^Transactions .+ \(CSV\) failed\.\n.*returns at most 5/,
        )
        const res = await api
          .get(`/admin/platega/exports/${record.id}/download`, headers)
          .catch(answer)
        expect(res.status).toBe(400)
      } finally {
        await sandbox().control.configure({ jsonExportLimit: 50_000 })
      }
    })

    it("texts a spreadsheet would run as formulas are neutralised in the CSV", async () => {
      const client = new PlategaClient({
        baseUrl: sandbox().url,
        merchantId: sandbox().merchantId,
        secret: sandbox().secret,
      })
      const attacks = [
        '=HYPERLINK("http://evil.example","click")',
        "+79990000000",
        "-1+2",
        "@SUM(A1:A9)",
      ]
      const since = new Date(Date.now() - 60_000).toISOString()
      for (const description of attacks) {
        await client.createTransaction({
          paymentMethod: 2,
          paymentDetails: { amount: 100, currency: "RUB" },
          description,
          payload: description,
          return: "https://shop.example/ok",
          failedUrl: "https://shop.example/fail",
        })
      }
      const record = await start({
        from: since,
        to: new Date(Date.now() + 60_000).toISOString(),
        format: "csv",
      })
      const done = await finished(record.id)
      const rows = await readExportFile("csv", (await download(done.file!.download_url)).bytes, ",")
      const descriptions = rows.slice(1).map((r) => r[6])
      const payloads = rows.slice(1).map((r) => r[7])
      expect(descriptions.sort()).toEqual(attacks.map((a) => `'${a}`).sort())
      expect(payloads.sort()).toEqual(attacks.map((a) => `'${a}`).sort())
    })

    it("an export a stopped store left running is marked failed, in its admin's language, and can be tried again", async () => {
      const platega = getContainer().resolve<PlategaModuleService>(PLATEGA_MODULE)
      const filters = {
        from: "2024-06-01T00:00:00.000Z",
        to: "2024-06-02T00:00:00.000Z",
        statuses: [],
        payment_methods: [],
        time_zone: "Europe/Moscow",
        language: "ru",
      }
      // What a killed process leaves: running, its last sign of life long ago; and one that
      // another instance is writing right now.
      const [dead, alive] = await platega.createPlategaExports([
        { format: "csv", filters, status: "running", started_at: new Date() },
        { format: "csv", filters, status: "running", started_at: new Date() },
      ])
      const pg = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
      await pg.raw(
        `update platega_export set updated_at = now() - interval '10 minutes' where id = ?`,
        [dead.id],
      )

      // The job's own work, as its tick runs it: calling the job itself could find this minute's
      // tick already taken by the store's scheduler and skip, which is the lock doing its job.
      await failInterruptedPlategaExportsWorkflow(getContainer()).run({ input: {} })

      const { data } = await api.get(`/admin/platega/exports/${dead.id}`, headers)
      expect(data.export).toMatchObject({ status: "failed", error: { code: "interrupted" } })
      expect(data.export.error.message).toMatch(/^Магазин остановился.+«Повторить»/)
      const told = await notificationAbout(dead.id)
      expect(told.data.title).toBe("Выгрузка транзакций Platega")
      expect(String(told.data.description)).toMatch(
        /^Выгрузка транзакций .+ \(CSV\) не удалась\.\nМагазин остановился/,
      )
      expect(String(told.data.description)).not.toContain(dead.id)
      const untouched = await api.get(`/admin/platega/exports/${alive.id}`, headers)
      expect(untouched.data.export.status).toBe("running")

      // "Try again": the same request once more, as the history's button sends it.
      const again = await start({ ...data.export.filters, format: "csv" })
      expect((await finished(again.id)).status).toBe("done")
    })

    it("an unknown export is a 404", async () => {
      const res = await api.get("/admin/platega/exports/plexp_nothing", headers).catch(answer)
      expect(res.status).toBe(404)
    })
  },
})
