// The merchant sets a subscription plan on the product page, in a real browser, in English and in
// Russian; the admin API then holds it. Screenshots: test-results/screenshots.
import type { Browser, Page } from "playwright-core"
import { ADMIN, PRODUCTS } from "../../demo/seed-data"
import { adminToken } from "./support/admin"
import { findChromium, launchChromium, screenshot } from "./support/browser"
import { startDemo, type RunningDemo } from "./support/demo-process"

const chromiumPath = findChromium()
const describeWithBrowser = chromiumPath ? describe : describe.skip

jest.setTimeout(10 * 60_000)

async function api<T>(demo: RunningDemo, token: string, path: string): Promise<T> {
  const res = await fetch(`${demo.storeUrl}${path}`, {
    headers: { authorization: `Bearer ${token}` },
  })
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

describeWithBrowser("subscription plan widget on the product page", () => {
  let demo: RunningDemo | undefined
  let browser: Browser | undefined

  beforeAll(async () => {
    demo = await startDemo({ timeoutMs: 8 * 60_000 })
    browser = await launchChromium(chromiumPath!)
  })

  afterAll(async () => {
    await browser?.close().catch(() => undefined)
    await demo?.stop()
  })

  async function adminPage(language: "en" | "ru"): Promise<Page> {
    const context = await browser!.newContext({ locale: language === "ru" ? "ru-RU" : "en-US" })
    // The dashboard keeps its language in localStorage (i18next).
    await context.addInitScript((lng) => window.localStorage.setItem("lng", lng), language)
    const page = await context.newPage()
    await page.goto(`${demo!.adminUrl}/login`, { timeout: 180_000 })
    await page.locator("input[name=email]").waitFor({ timeout: 180_000 })
    await page.locator("input[name=email]").fill(ADMIN.email)
    await page.locator("input[name=password]").fill(ADMIN.password)
    await page.locator("button[type=submit]").click()
    await page.waitForURL((url) => !url.pathname.endsWith("/login"), { timeout: 60_000 })
    return page
  }

  it("sets a plan, shows it, and the admin API holds it; texts in both languages", async () => {
    const token = await adminToken(demo!.storeUrl)
    const handle = PRODUCTS[0].handle
    const { products } = await api<{ products: { id: string; variants: { id: string }[] }[] }>(
      demo!,
      token,
      `/admin/products?handle=${handle}&fields=id,variants.id`,
    )
    const product = products[0]
    const variantId = product.variants[0].id

    const page = await adminPage("en")
    try {
      await page.goto(`${demo!.adminUrl}/products/${product.id}`)
      const row = page.getByTestId(`platega-plan-${variantId}`)
      await row.waitFor({ timeout: 120_000 })
      await row.getByText("Not sold by subscription").waitFor()
      await row.scrollIntoViewIfNeeded()
      await screenshot(page, "admin-product-plan-none-en")

      await row.getByTestId("platega-plan-edit").click()
      const drawer = page.getByTestId("platega-plan-drawer")
      await drawer.waitFor()
      await drawer.getByTestId("platega-plan-interval").click()
      await page.getByTestId("platega-plan-interval-week").click()
      await drawer.getByTestId("platega-plan-count").fill("5")
      // Over Platega's limit for weeks: saving is not offered.
      expect(await drawer.getByTestId("platega-plan-save").isDisabled()).toBe(true)
      await drawer.getByText("From 1 to 4 for this interval").waitFor()
      await screenshot(page, "admin-product-plan-drawer-en")
      await drawer.getByTestId("platega-plan-count").fill("2")
      await drawer.getByTestId("platega-plan-save").click()
      await row.getByText("Every 2 weeks").waitFor({ timeout: 30_000 })
      await row.scrollIntoViewIfNeeded()
      await screenshot(page, "admin-product-plan-set-en")
    } catch (error) {
      await screenshot(page, "admin-product-plan-failure-en").catch(() => undefined)
      throw error
    } finally {
      await page.context().close()
    }

    const saved = await api<{ plan: unknown }>(
      demo!,
      token,
      `/admin/platega/variants/${variantId}/plan`,
    )
    expect(saved.plan).toEqual({ interval: "week", interval_count: 2 })

    const ru = await adminPage("ru")
    try {
      await ru.goto(`${demo!.adminUrl}/products/${product.id}`)
      const row = ru.getByTestId(`platega-plan-${variantId}`)
      await row.waitFor({ timeout: 120_000 })
      await ru.getByText("Подписка (Platega)").waitFor()
      await row.getByText("Раз в 2 недели").waitFor()
      await row.getByTestId("platega-plan-edit").click()
      await ru.getByTestId("platega-plan-remove").click()
      await ru.getByText("Удалить план?").waitFor()
      await screenshot(ru, "admin-product-plan-remove-ru")
      await ru.getByRole("button", { name: "Удалить" }).last().click()
      await row.getByText("Не продаётся по подписке").waitFor({ timeout: 30_000 })
      await row.scrollIntoViewIfNeeded()
      await screenshot(ru, "admin-product-plan-none-ru")
    } catch (error) {
      await screenshot(ru, "admin-product-plan-failure-ru").catch(() => undefined)
      throw error
    } finally {
      await ru.context().close()
    }
    const removed = await api<{ plan: unknown }>(
      demo!,
      token,
      `/admin/platega/variants/${variantId}/plan`,
    )
    expect(removed.plan).toBeNull()
  })
})
