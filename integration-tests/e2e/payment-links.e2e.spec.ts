// Payment links in a real browser, through the shared demo (Medusa with this plugin and the
// Platega sandbox) and the system Chromium: on an order that owes money, "Request payment with
// Platega" shows the link with its QR code, copy button and expiry; the payer pays it on the
// sandbox's link page (picking SBP), and the order shows it paid with nothing owed. In English on
// an order, in Russian on a draft order. Screenshots: test-results/screenshots.
import type { Browser, Page } from "playwright-core"
import { adminToken, loginToAdmin } from "./support/admin"
import path from "node:path"
import { findChromium, launchChromium, screenshot } from "./support/browser"
import { ROOT } from "./support/demo-process"
import { startDemo, type RunningDemo } from "./support/demo-process"

const chromiumPath = findChromium()
const describeWithBrowser = chromiumPath ? describe : describe.skip
if (!chromiumPath) {
  console.warn("payment-links.e2e: skipped, no Chromium found (set CHROMIUM_PATH)")
}

const TEXT = {
  en: {
    request: "Request payment with Platega",
    pending: "Awaiting payment",
    paid: "Paid",
    nothing: "Nothing is owed on this order.",
    owed: /Outstanding: /,
    copy: "Copy link",
  },
  ru: {
    request: "Запросить оплату через Platega",
    pending: "Ожидает оплаты",
    paid: "Оплачена",
    nothing: "По этому заказу ничего не причитается.",
    owed: /К оплате: /,
    copy: "Скопировать ссылку",
  },
} as const

jest.setTimeout(15 * 60_000)

const shotPath = (name: string) => path.join(ROOT, "test-results", "screenshots", `${name}.png`)

describeWithBrowser("Platega payment links in the admin, in a real browser", () => {
  let demo: RunningDemo | undefined
  let browser: Browser | undefined
  let token = ""

  beforeAll(async () => {
    demo = await startDemo({ timeoutMs: 12 * 60_000 })
    browser = await launchChromium(chromiumPath!)
    token = await adminToken(demo.storeUrl)
  })

  afterAll(async () => {
    await browser?.close().catch(() => undefined)
    await demo?.stop()
  })

  async function admin<T>(path: string, body?: unknown): Promise<T> {
    const send = () =>
      fetch(`${demo!.storeUrl}${path}`, {
        method: body === undefined ? "GET" : "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
    // A read is repeated once if the connection drops (a busy machine); a write never is.
    const res = await send().catch((e: unknown) => {
      if (body !== undefined) throw e
      return new Promise((r) => setTimeout(r, 1000)).then(send)
    })
    if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`)
    return (await res.json()) as T
  }

  /** A draft order of one item, as the merchant takes one by phone. */
  async function draftOrder(email: string): Promise<string> {
    const { regions } = await admin<{ regions: { id: string }[] }>(
      "/admin/regions?currency_code=rub&limit=1",
    )
    const { variants } = await admin<{ variants: { id: string }[] }>(
      "/admin/product-variants?limit=1",
    )
    const { draft_order } = await admin<{ draft_order: { id: string } }>("/admin/draft-orders", {
      email,
      region_id: regions[0].id,
      items: [{ variant_id: variants[0].id, quantity: 1 }],
    })
    return draft_order.id
  }

  async function withAdmin(lang: "en" | "ru", fn: (page: Page) => Promise<void>): Promise<void> {
    const context = await browser!.newContext({
      locale: lang === "ru" ? "ru-RU" : "en-US",
      viewport: { width: 1440, height: 1100 },
    })
    await context.addCookies([{ name: "lng", value: lang, url: demo!.storeUrl }])
    const page = await context.newPage()
    try {
      await loginToAdmin(page, demo!.adminUrl)
      await fn(page)
    } catch (error) {
      await screenshot(page, `payment-links-${lang}-failure`).catch(() => undefined)
      throw error
    } finally {
      await context.close()
    }
  }

  /** Clicks "Request payment with Platega"; answers the link's URL once its card shows it. */
  async function requestLink(page: Page, lang: "en" | "ru", shot: string): Promise<string> {
    const t = TEXT[lang]
    const widget = page.getByTestId("platega-links-widget")
    await widget.waitFor({ timeout: 120_000 })
    await widget.getByTestId("platega-outstanding").filter({ hasText: t.owed }).waitFor()
    await widget.getByRole("button", { name: t.request }).click()
    const card = widget.getByTestId("link-card").first()
    await card.getByTestId("link-qr").waitFor({ timeout: 60_000 })
    await card.getByTestId("link-status").filter({ hasText: t.pending }).waitFor()
    await card.getByRole("button", { name: t.copy }).waitFor()
    await card.getByTestId("link-expiry").waitFor()
    await widget.scrollIntoViewIfNeeded()
    await screenshot(page, shot)
    // The section alone (the admin scrolls inside its own container, so a page shot stops short).
    await widget.screenshot({ path: shotPath(`${shot}-widget`) })
    return (await card.getByTestId("link-url").getAttribute("href")) ?? ""
  }

  it("English: an order's outstanding amount is requested by link, paid by SBP, and shown paid", async () => {
    const draftId = await draftOrder("link-en@example.com")
    await admin(`/admin/draft-orders/${draftId}/convert-to-order`, {})
    await withAdmin("en", async (page) => {
      await page.goto(`${demo!.adminUrl}/orders/${draftId}`)
      const url = await requestLink(page, "en", "payment-link-order-en")
      expect(url).toMatch(/\/pay\/[0-9a-f-]{36}$/)

      // The payer: the link's page lets them pick the method.
      const payer = await page.context().newPage()
      await payer.goto(url)
      await payer.getByTestId("method-sbp").click()
      await payer.getByTestId("qr-image").waitFor()
      await screenshot(payer, "payment-link-payer-sbp")
      await payer.getByTestId("pay-button").click()
      await payer.waitForLoadState()
      await payer.close()

      const widget = page.getByTestId("platega-links-widget")
      await widget
        .getByTestId("link-status")
        .filter({ hasText: TEXT.en.paid })
        .first()
        .waitFor({ timeout: 60_000 })
      await widget.getByText(TEXT.en.nothing).waitFor()
      const kinds = await widget
        .getByTestId("platega-transaction")
        .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-kind")))
      expect(kinds).toEqual(["link"])
      await widget.scrollIntoViewIfNeeded()
      await widget.screenshot({ path: shotPath("payment-link-order-en-paid-widget") })
    })
  })

  it("Russian: a draft order's link, on the draft order's page", async () => {
    const draftId = await draftOrder("link-ru@example.com")
    await withAdmin("ru", async (page) => {
      await page.goto(`${demo!.adminUrl}/draft-orders/${draftId}`)
      const url = await requestLink(page, "ru", "payment-link-draft-ru")
      const { links } = await admin<{ links: { url: string; status: string }[] }>(
        `/admin/platega/orders/${draftId}/payment-links`,
      )
      expect(links).toEqual([expect.objectContaining({ url, status: "pending" })])
    })
  })
})
