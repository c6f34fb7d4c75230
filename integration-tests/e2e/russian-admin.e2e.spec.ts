// The plugin's admin in Russian, walked in a real browser through the demo: every page under
// src/admin/routes and every widget under src/admin/widgets (found from the sources, so a new one
// is walked too) must show no Latin-letter text but proper names, codes and ids the owner needs
// (support/plugin-surfaces.ts keeps the short allow-list). Each page is screenshotted; with
// PLATEGA_DOCS_SCREENSHOTS=1 it is walked in English too and the shots go to docs/admin/ for
// docs/admin.md.
import fs from "node:fs"
import path from "node:path"
import type { Browser, Locator, Page } from "playwright-core"
import { PRODUCTS } from "../../demo/seed-data"
import { adminToken, loginToAdmin } from "./support/admin"
import { findChromium, screenshot, textSettled } from "./support/browser"
import { useDemoAndBrowser } from "./support/demo-and-browser"
import { ROOT, type RunningDemo } from "./support/demo-process"
import { pluginPages, pluginWidgets, untranslated } from "./support/plugin-surfaces"

const chromiumPath = findChromium()
const describeWithBrowser = chromiumPath ? describe : describe.skip
if (!chromiumPath) console.warn("russian-admin.e2e: skipped, no Chromium found")

jest.setTimeout(15 * 60_000)

const DOCS = process.env.PLATEGA_DOCS_SCREENSHOTS === "1" ? path.join(ROOT, "docs", "admin") : null
/** The plugin's widgets on Medusa's pages: their outermost platega-* elements. */
const WIDGET_ROOTS = "[data-testid^=platega-]:not([data-testid^=platega-] [data-testid^=platega-])"
const shotName = (p: string) => p.replace(/^\//, "").replace(/[/:]+/g, "-") || "home"

describeWithBrowser("the plugin's admin in Russian", () => {
  const running = useDemoAndBrowser(chromiumPath!)
  let demo: RunningDemo
  let browser: Browser
  beforeAll(() => {
    ;({ demo, browser } = running())
  })

  async function admin<T>(route: string): Promise<T> {
    const token = await adminToken(demo.storeUrl)
    const res = await fetch(`${demo.storeUrl}${route}`, {
      headers: { authorization: `Bearer ${token}` },
    })
    if (!res.ok) throw new Error(`${route}: HTTP ${res.status} ${await res.text()}`)
    return (await res.json()) as T
  }

  /** The first record the admin API lists beside a page (`/platega/x/:id` → GET /admin/platega/x). */
  async function firstId(listPath: string): Promise<string | undefined> {
    const body = await admin<Record<string, unknown>>(`/admin${listPath}?limit=1`)
    const list = Object.values(body).find(Array.isArray) as { id?: string }[] | undefined
    return list?.[0]?.id
  }

  type Subscription = { id: string; first_order_id: string | null; customer_id: string | null }
  async function subscriptionWithOrder(): Promise<Subscription | undefined> {
    const { subscriptions } = await admin<{ subscriptions: Subscription[] }>(
      "/admin/platega/subscriptions?limit=50",
    )
    return subscriptions.find((s) => s.first_order_id && s.customer_id)
  }

  /** An admin page for each zone a widget sits in: where the widget shows something. */
  async function pageForZone(zone: string): Promise<string | undefined> {
    const area = zone.split(".")[0]
    if (area === "order") {
      const sub = await subscriptionWithOrder()
      if (sub) return `/orders/${sub.first_order_id}`
      const { orders } = await admin<{
        orders: { id: string; payment_collections?: { payments?: { provider_id: string }[] }[] }[]
      }>("/admin/orders?limit=50&fields=id,*payment_collections.payments")
      const paid = orders.find((o) =>
        o.payment_collections?.some((c) =>
          c.payments?.some((p) => p.provider_id.startsWith("pp_platega")),
        ),
      )
      return paid && `/orders/${paid.id}`
    }
    if (area === "customer") {
      const sub = await subscriptionWithOrder()
      return sub?.customer_id ? `/customers/${sub.customer_id}` : undefined
    }
    if (area === "product") {
      const handle = PRODUCTS.find((p) => p.plan)!.handle
      const { products } = await admin<{ products: { id: string }[] }>(
        `/admin/products?handle=${handle}&fields=id`,
      )
      return products[0] && `/products/${products[0].id}`
    }
    if (area === "draft_order") {
      const { draft_orders } = await admin<{ draft_orders: { id: string }[] }>(
        "/admin/draft-orders?limit=1&fields=id",
      )
      return draft_orders[0] && `/draft-orders/${draft_orders[0].id}`
    }
    throw new Error(`a widget sits in zone ${zone}: tell the walk which page shows that zone`)
  }

  async function adminPage(language: "en" | "ru"): Promise<Page> {
    const context = await browser.newContext({
      locale: language === "ru" ? "ru-RU" : "en-US",
      viewport: { width: 1280, height: 860 },
    })
    await context.addInitScript((lng) => window.localStorage.setItem("lng", lng), language)
    const page = await context.newPage()
    await loginToAdmin(page, demo.adminUrl)
    return page
  }

  /** Opens a dashboard path and waits until its data is in (no request left, no spinner). */
  async function open(page: Page, route: string): Promise<void> {
    await page.goto(`${demo.adminUrl}${route}`, { timeout: 120_000 })
    await page.locator("main").first().waitFor({ timeout: 120_000 })
    await page.waitForLoadState("networkidle", { timeout: 60_000 }).catch(() => undefined)
    await textSettled(page)
  }

  /**
   * Every text a person sees in `scope`: visible text nodes, placeholders and titles. Texts marked
   * translate="no" (what the owner or Platega wrote: a card's name) and screen-reader-only texts
   * of Medusa's own components are not the plugin's to translate.
   */
  const visibleText = (scope: Locator) =>
    scope.evaluateAll((roots) =>
      roots
        .map((root) => {
          const out: string[] = []
          const skip = (el: Element) => !!el.closest('[translate="no"], .sr-only')
          const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
          for (let n = walker.nextNode(); n; n = walker.nextNode()) {
            const el = n.parentElement
            if (!el || skip(el) || !el.getClientRects().length) continue
            if (getComputedStyle(el).visibility !== "hidden") out.push(n.textContent ?? "")
          }
          root.querySelectorAll("[placeholder],[title]").forEach((el) => {
            if (skip(el)) return
            for (const a of ["placeholder", "title"]) out.push(el.getAttribute(a) ?? "")
          })
          return out.join(" ")
        })
        .join(" "),
    )

  async function shoot(page: Page, name: string): Promise<void> {
    await screenshot(page, `admin-${name}`)
    if (!DOCS) return
    fs.mkdirSync(DOCS, { recursive: true })
    await page.screenshot({ path: path.join(DOCS, `${name}.png`) })
  }

  it("every plugin page and widget speaks Russian", async () => {
    const pages = pluginPages()
    const widgets = pluginWidgets()
    expect(pages.length).toBeGreaterThanOrEqual(5)
    expect(widgets.length).toBeGreaterThanOrEqual(4)

    // Where to go: each page (its parameters from the records listed beside it), and each page
    // that shows a widget zone.
    const visits: { route: string; name: string; scope: "page" | "widgets" }[] = []
    const skipped: string[] = []
    for (const p of pages) {
      let route = p.path
      for (const param of p.params) {
        const list = route.slice(0, route.indexOf(`/:${param}`))
        const id = await firstId(list)
        if (!id) break
        route = route.replace(`:${param}`, id)
      }
      if (route.includes("/:")) skipped.push(`${p.path} (no record to open it with)`)
      else visits.push({ route, name: shotName(p.path), scope: "page" })
    }
    const zones = [...new Set(widgets.flatMap((w) => w.zones))]
    const widgetPages = new Map<string, string>()
    for (const zone of zones) {
      const route = await pageForZone(zone)
      if (!route) skipped.push(`widgets in ${zone} (nothing in the demo shows them yet)`)
      else widgetPages.set(route, zone.split(".")[0])
    }
    for (const [route, area] of widgetPages) {
      visits.push({ route, name: `${area}-widgets`, scope: "widgets" })
    }
    if (skipped.length) console.warn(`russian-admin.e2e: not walked: ${skipped.join("; ")}`)
    expect(visits.filter((v) => v.scope === "page").length).toBeGreaterThanOrEqual(4)

    const found: string[] = []
    // One glossary: the same Platega status reads the same on every page and widget.
    const statusWords = new Map<string, Set<string>>()
    // English is walked only for the docs' screenshots (the suite's time is for the check).
    for (const language of DOCS ? (["ru", "en"] as const) : (["ru"] as const)) {
      const page = await adminPage(language)
      try {
        for (const visit of visits) {
          await open(page, visit.route)
          if (visit.scope === "widgets") {
            // The last of the plugin's widgets in view (the ones above it stay close), for the screenshot.
            await page
              .locator(WIDGET_ROOTS)
              .last()
              .scrollIntoViewIfNeeded()
              .catch(() => undefined)
          }
          await shoot(page, `${visit.name}-${language}`)
          if (language !== "ru") continue
          // A page is all the plugin's (with its breadcrumb); on Medusa's pages, the widgets.
          const scope =
            visit.scope === "page"
              ? page.locator("main, [data-testid=platega-breadcrumb]")
              : page.locator(WIDGET_ROOTS)
          if (visit.scope === "widgets") expect(await scope.count()).toBeGreaterThan(0)
          // Every page names itself in the top bar's trail.
          else if (!(await page.locator("[data-testid=platega-breadcrumb]").count()))
            found.push(`${visit.route}: no breadcrumb`)
          const badges = await page
            .locator("[data-platega-status]")
            .evaluateAll((els) =>
              els.map((el) => [el.getAttribute("data-platega-status")!, el.textContent!.trim()]),
            )
          for (const [status, text] of badges) {
            statusWords.set(status, (statusWords.get(status) ?? new Set()).add(text))
          }
          const words = untranslated(await visibleText(scope))
          if (words.length) found.push(`${visit.route}: ${words.join(", ")}`)
        }
      } finally {
        await page.context().close()
      }
    }
    expect(found).toEqual([])
    expect(statusWords.size).toBeGreaterThan(0)
    const twoWords = [...statusWords].filter(([, texts]) => texts.size > 1)
    expect(twoWords.map(([status, texts]) => `${status}: ${[...texts].join(" / ")}`)).toEqual([])
  })
})
