// The merchant exports transactions in a real browser: `node scripts/demo.mjs` (Medusa with this
// plugin and its admin, the Platega sandbox) and the system Chromium. Starts a CSV export from the
// Platega → Exports page, waits for it in the history, downloads the file through the store, and
// looks at the page in English and Russian. Screenshots: test-results/screenshots.
import fs from "node:fs"
import type { Browser, BrowserContext, Page } from "playwright-core"
import enTexts from "../../src/admin/i18n/json/exports.en.json"
import ruTexts from "../../src/admin/i18n/json/exports.ru.json"
import { COLUMN_TITLES, EXPORT_COLUMNS } from "../../src/workflows/exports/format"
import { readExportFile } from "../helpers/export-files"
import { adminToken, loginToAdmin } from "./support/admin"
import { findChromium, launchChromium, screenshot } from "./support/browser"
import { startDemo, type RunningDemo } from "./support/demo-process"

const chromiumPath = findChromium()
const describeWithBrowser = chromiumPath ? describe : describe.skip
if (!chromiumPath) {
  console.warn(
    "exports.e2e: skipped, no Chromium found (install the `chromium` package or set CHROMIUM_PATH)",
  )
}

jest.setTimeout(25 * 60_000)

const DAY = 86_400_000
const SEEDED = 1_200

describeWithBrowser("transaction exports in the admin, in a real browser", () => {
  let demo: RunningDemo | undefined
  let browser: Browser | undefined

  beforeAll(async () => {
    demo = await startDemo({ timeoutMs: 20 * 60_000 })
    browser = await launchChromium(chromiumPath!)
    // History of the last few days at the sandbox: what the export will read.
    const res = await fetch(`${demo.sandboxUrl}/_sandbox/transactions/seed`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ count: SEEDED, from: Date.now() - 5 * DAY, to: Date.now() - 60_000 }),
    })
    if (!res.ok) throw new Error(`seeding the sandbox: ${res.status} ${await res.text()}`)
  })

  afterAll(async () => {
    await browser?.close().catch(() => undefined)
    await demo?.stop()
  })

  async function withPage<T>(
    name: string,
    language: "en" | "ru",
    fn: (page: Page) => Promise<T>,
  ): Promise<T> {
    const context: BrowserContext = await browser!.newContext({
      locale: language === "ru" ? "ru-RU" : "en-US",
      acceptDownloads: true,
      viewport: { width: 1440, height: 1000 },
    })
    // The dashboard keeps the chosen language in localStorage ("lng").
    await context.addInitScript((lng) => window.localStorage.setItem("lng", lng), language)
    const page = await context.newPage()
    try {
      return await fn(page)
    } catch (error) {
      await screenshot(page, `${name}-failure`).catch(() => undefined)
      throw error
    } finally {
      await context.close()
    }
  }

  it("starts a CSV export of confirmed payments, and downloads the file through the store", async () => {
    await withPage("exports-en", "en", async (page) => {
      await loginToAdmin(page, demo!.adminUrl)
      await page.goto(`${demo!.adminUrl}/platega/exports`)
      await page.getByRole("heading", { name: "Transaction exports" }).waitFor({ timeout: 120_000 })
      await page.getByTestId("preset-week").click()
      await page.getByTestId("status-CONFIRMED").click()
      await page.getByTestId("export-submit").click()

      const link = page.locator("[data-testid^=export-download-]").first()
      await link.waitFor({ timeout: 120_000 })
      const id = (await link.getAttribute("data-testid"))!.replace("export-download-", "")
      await page.getByTestId(`export-status-${id}`).getByText("Done").waitFor()
      await screenshot(page, "exports-en")

      const [download] = await Promise.all([page.waitForEvent("download"), link.click()])
      const file = await download.path()
      // Asked in English: an English spreadsheet's CSV (commas, English column titles).
      const rows = await readExportFile("csv", fs.readFileSync(file), ",")
      expect(rows[0]).toEqual(EXPORT_COLUMNS.map((c) => COLUMN_TITLES.en[c]))

      // The same count the admin API reports, every row confirmed, none of another status.
      const token = await adminToken(demo!.storeUrl)
      const res = await fetch(`${demo!.storeUrl}/admin/platega/exports/${id}`, {
        headers: { authorization: `Bearer ${token}` },
      })
      const { export: record } = (await res.json()) as { export: { row_count: number } }
      expect(record.row_count).toBeGreaterThan(SEEDED / 2)
      expect(rows.length - 1).toBe(record.row_count)
      expect(new Set(rows.slice(1).map((r) => r[4]))).toEqual(new Set(["CONFIRMED"]))
      expect(download.suggestedFilename()).toMatch(
        /^platega-transactions_\d{4}-\d\d-\d\d_\d{4}-\d\d-\d\d_\d{6}\.csv$/,
      )
    })
  })

  it("speaks Russian", async () => {
    const ru = ruTexts.platega_exports
    const en = enTexts.platega_exports
    await withPage("exports-ru", "ru", async (page) => {
      await loginToAdmin(page, demo!.adminUrl)
      await page.goto(`${demo!.adminUrl}/platega/exports`)
      const heading = page.getByRole("heading", { name: ru.title })
      await heading.waitFor({ timeout: 120_000 })
      await page.getByText(ru.history.title).first().waitFor()
      // The export of the first test, done, in the history.
      const status = page.locator("[data-testid^=export-status-]").first()
      await status.getByText(ru.state.done).waitFor()
      await screenshot(page, "exports-ru")

      expect(await heading.textContent()).toBe(ru.title)
      expect(await page.getByTestId("export-submit").textContent()).toBe(ru.form.submit)
      expect(await page.getByTestId("preset-week").textContent()).toBe(ru.form.presets.week)
      expect(await status.textContent()).toContain(ru.state.done)
      const download = page.locator("[data-testid^=export-download-]").first()
      expect(await download.textContent()).toContain(ru.history.download)
      // Nothing of the English page is left.
      const text = await page.locator("main").first().innerText()
      for (const english of [en.title, en.history.title, en.state.done]) {
        expect(text).not.toContain(english)
      }
    })
  })
})
