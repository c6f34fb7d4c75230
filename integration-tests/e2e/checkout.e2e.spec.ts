// A shopper in a real browser: `node scripts/demo.mjs` (storefront, Medusa with this plugin, the
// Platega sandbox) and the system Chromium. Pays by SBP and by card, fails with a declined card and
// pays again, then the merchant finds the orders in the admin. Screenshots: test-results/screenshots.
import type { Browser, BrowserContext, Page } from "playwright-core"
import { PRODUCTS } from "../../demo/seed-data"
import { adminToken, openAdminOrders, ordersByEmail } from "./support/admin"
import { compact, findChromium, launchChromium, screenshot } from "./support/browser"
import { startDemo, type RunningDemo } from "./support/demo-process"
import {
  actOnSandboxPage,
  addToCart,
  confirmedOrder,
  fillCheckout,
  payWith,
  type ShownOrder,
} from "./support/shop"

// The sandbox's test cards (packages/platega-sandbox/README.md).
const CARD_OK = "4242424242424242"
const CARD_DECLINED = "4000000000000002"

const chromiumPath = findChromium()
const describeWithBrowser = chromiumPath ? describe : describe.skip
if (!chromiumPath) {
  console.warn(
    "checkout.e2e: skipped, no Chromium found (install the `chromium` package or set CHROMIUM_PATH)",
  )
}

const product = (handle: string) => {
  const p = PRODUCTS.find((x) => x.handle === handle)
  if (!p) throw new Error(`no demo product ${handle}`)
  return p
}
const rub = (amount: number) =>
  compact(
    new Intl.NumberFormat("ru-RU", {
      style: "currency",
      currency: "RUB",
      minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    }).format(amount),
  )

jest.setTimeout(10 * 60_000)

describeWithBrowser("demo shop checkout in a real browser", () => {
  let demo: RunningDemo | undefined
  let browser: Browser | undefined
  const run = Date.now().toString(36)
  const shown: Record<string, { email: string; order: ShownOrder }> = {}

  beforeAll(async () => {
    demo = await startDemo({ timeoutMs: 8 * 60_000 })
    browser = await launchChromium(chromiumPath!)
  })

  afterAll(async () => {
    await browser?.close().catch(() => undefined)
    await demo?.stop()
  })

  async function withPage<T>(name: string, fn: (page: Page) => Promise<T>): Promise<T> {
    const context: BrowserContext = await browser!.newContext({ locale: "ru-RU" })
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

  it("lists the demo products with ruble prices", async () => {
    await withPage("catalog", async (page) => {
      await page.goto(demo!.storefrontUrl)
      await page.getByTestId("product-card").first().waitFor()
      expect(await page.getByTestId("product-card").count()).toBe(PRODUCTS.length)
      const notebook = page.locator("[data-testid=product-card][data-handle=birch-notebook]")
      expect(compact(await notebook.getByTestId("product-price").textContent())).toBe("2990,50₽")
      await screenshot(page, "catalog")
    })
  })

  it("pays by SBP: QR page, Pay, order on the return page", async () => {
    const email = `sbp-${run}@example.com`
    const mug = product("samovar-mug")
    const order = await withPage("sbp", async (page) => {
      await addToCart(page, demo!.storefrontUrl, mug.handle)
      expect(compact(await page.getByTestId("cart-total").textContent())).toBe(rub(mug.price))
      await page.getByTestId("go-to-checkout").click()
      await fillCheckout(page, { email, firstName: "Иван", lastName: "Петров" })
      await payWith(page, "sbp", demo!.sandboxUrl, "sbp")
      await actOnSandboxPage(page, demo!.storefrontUrl, { qr: true }, "sbp")
      return confirmedOrder(page, "sbp")
    })
    expect(order.displayId).toBeGreaterThan(0)
    expect(compact(order.total)).toBe(rub(mug.price))
    expect(order.status).toBe("captured")
    shown.sbp = { email, order }
  })

  it("pays by card with the sandbox's success test card (an amount with kopecks)", async () => {
    const email = `card-${run}@example.com`
    const notebook = product("birch-notebook")
    const order = await withPage("card", async (page) => {
      await addToCart(page, demo!.storefrontUrl, notebook.handle)
      await page.getByTestId("go-to-checkout").click()
      await fillCheckout(page, { email, firstName: "Anna", lastName: "Smirnova" })
      await payWith(page, "card", demo!.sandboxUrl, "card")
      await actOnSandboxPage(page, demo!.storefrontUrl, { card: CARD_OK }, "card")
      return confirmedOrder(page, "card")
    })
    expect(compact(order.total)).toBe("2990,50₽")
    expect(order.status).toBe("captured")
    shown.card = { email, order }
  })

  it("declined card → failure page → try again → pays → exactly one order", async () => {
    const email = `declined-${run}@example.com`
    const scarf = product("wool-scarf")
    const order = await withPage("declined", async (page) => {
      await addToCart(page, demo!.storefrontUrl, scarf.handle)
      await page.getByTestId("go-to-checkout").click()
      await fillCheckout(page, { email, firstName: "Олег", lastName: "Иванов" })
      await payWith(page, "card", demo!.sandboxUrl, "declined")
      await actOnSandboxPage(page, demo!.storefrontUrl, { card: CARD_DECLINED }, "declined")
      await page.getByTestId("payment-failed").waitFor({ timeout: 60_000 })
      expect(new URL(page.url()).pathname).toBe("/failed")
      // Platega's verdict, read through Medusa, says why.
      const reason = page.getByTestId("failure-reason")
      expect(await reason.getAttribute("data-status")).toBe("CANCELED")
      await screenshot(page, "declined-failure-page")

      await page.getByTestId("try-again").click()
      await page.getByTestId("checkout-form").waitFor()
      // The same cart comes back, with what the shopper typed before.
      expect(await page.getByTestId("field-email").inputValue()).toBe(email)
      expect(compact(await page.getByTestId("cart-total").textContent())).toBe(rub(scarf.price))
      await payWith(page, "card", demo!.sandboxUrl, "retry")
      await actOnSandboxPage(page, demo!.storefrontUrl, { card: CARD_OK }, "retry")
      return confirmedOrder(page, "retry")
    })
    expect(compact(order.total)).toBe(rub(scarf.price))
    shown.declined = { email, order }

    const token = await adminToken(demo!.storeUrl)
    const orders = await ordersByEmail(demo!.storeUrl, token, email)
    expect(orders).toHaveLength(1)
    expect(orders[0].display_id).toBe(order.displayId)
    expect(orders[0].payment_status).toBe("captured")
  })

  it("the merchant sees every order in the admin", async () => {
    const token = await adminToken(demo!.storeUrl)
    for (const { email, order } of Object.values(shown)) {
      const orders = await ordersByEmail(demo!.storeUrl, token, email)
      expect(orders.map((o) => o.display_id)).toEqual([order.displayId])
      expect(orders[0].payment_status).toBe("captured")
    }
    expect(Object.keys(shown).sort()).toEqual(["card", "declined", "sbp"])

    await withPage("admin", async (page) => {
      await openAdminOrders(page, demo!.adminUrl)
      for (const { order } of Object.values(shown)) {
        await page.getByText(`#${order.displayId}`, { exact: true }).first().waitFor()
      }
      // The plugin's widget on the order page: the Platega transaction behind the payment.
      const [sbpOrder] = await ordersByEmail(demo!.storeUrl, token, shown.sbp.email)
      await page.goto(`${demo!.adminUrl}/orders/${sbpOrder.id}`)
      const transaction = page.getByTestId("platega-transaction-id").first()
      await transaction.waitFor({ timeout: 120_000 })
      expect(await transaction.textContent()).toMatch(/^[0-9a-f]{8}-[0-9a-f-]{27}$/)
      await transaction.scrollIntoViewIfNeeded()
      await screenshot(page, "admin-order-platega")
    })
  })
})
