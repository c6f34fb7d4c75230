// Subscriptions end to end, in a real browser through the demo: a shopper registers in the
// storefront, subscribes to the monthly coffee, binds at Platega's (the sandbox's) page and finds
// it under "My subscriptions"; the merchant sees it and its first order in the admin; a charge from
// the sandbox becomes a renewal order; the shopper cancels in the storefront and the admin shows it
// Cancelled. The admin pages are looked at in English and Russian.
// Screenshots: test-results/screenshots/subscriptions-*.png.
import type { Browser, BrowserContext, Page } from "playwright-core"
import { PRODUCTS } from "../../demo/seed-data"
import { adminToken, loginToAdmin } from "./support/admin"
import { findChromium, launchChromium, screenshot } from "./support/browser"
import { startDemo, type RunningDemo } from "./support/demo-process"
import { addToCart, confirmedOrder, fillCheckout } from "./support/shop"

const chromiumPath = findChromium()
const describeWithBrowser = chromiumPath ? describe : describe.skip
if (!chromiumPath) {
  console.warn(
    "subscriptions.e2e: skipped, no Chromium found (install `chromium` or set CHROMIUM_PATH)",
  )
}

jest.setTimeout(15 * 60_000)

const COFFEE = PRODUCTS.find((p) => p.plan)!
const MUG = PRODUCTS.find((p) => !p.plan)!

type AdminSubscription = {
  id: string
  platega_id: string
  status: string
  charges_count: number
  first_order_id: string | null
  customer_id: string | null
}

describeWithBrowser("subscriptions in the storefront and the admin, in a real browser", () => {
  let demo: RunningDemo | undefined
  let browser: Browser | undefined
  let shop: BrowserContext | undefined
  let page: Page
  const run = Date.now().toString(36)
  const email = `subscriber-${run}@example.com`

  beforeAll(async () => {
    demo = await startDemo({ timeoutMs: 12 * 60_000 })
    browser = await launchChromium(chromiumPath!)
    shop = await browser.newContext({ locale: "en-US", viewport: { width: 1280, height: 900 } })
    // A shopper's "are you sure?" is answered yes.
    page = await shop.newPage()
    page.on("dialog", (dialog) => void dialog.accept())
  })

  afterAll(async () => {
    await shop?.close().catch(() => undefined)
    await browser?.close().catch(() => undefined)
    await demo?.stop()
  })

  async function admin<T>(path: string, init: RequestInit = {}): Promise<T> {
    const token = await adminToken(demo!.storeUrl)
    const res = await fetch(`${demo!.storeUrl}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    })
    if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`)
    return (await res.json()) as T
  }

  /** The shopper's subscription, as the admin API lists it. */
  async function subscription(): Promise<AdminSubscription> {
    const { subscriptions } = await admin<{ subscriptions: AdminSubscription[] }>(
      `/admin/platega/subscriptions?q=${encodeURIComponent(email)}`,
    )
    if (subscriptions.length !== 1) throw new Error(`expected one subscription for ${email}`)
    return subscriptions[0]
  }

  async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, what: string) {
    const deadline = Date.now() + 60_000
    for (;;) {
      const value = await read().catch(() => undefined)
      if (value !== undefined && done(value)) return value
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
      await new Promise((r) => setTimeout(r, 500))
    }
  }

  async function adminPage(language: "en" | "ru"): Promise<Page> {
    const context = await browser!.newContext({
      locale: language === "ru" ? "ru-RU" : "en-US",
      viewport: { width: 1440, height: 1000 },
    })
    await context.addInitScript((lng) => window.localStorage.setItem("lng", lng), language)
    const p = await context.newPage()
    p.on("dialog", (dialog) => void dialog.accept())
    await loginToAdmin(p, demo!.adminUrl)
    return p
  }

  it("a shopper registers, subscribes, binds at Platega and sees it under My subscriptions", async () => {
    await page.goto(`${demo!.storefrontUrl}/account?lang=en`)
    const register = page.getByTestId("register-form")
    await register.waitFor({ timeout: 60_000 })
    await register.getByTestId("field-email").fill(email)
    await register.getByTestId("field-first_name").fill("Ольга")
    await register.getByTestId("field-last_name").fill("Иванова")
    await register.getByTestId("field-password").fill(`pw-${run}-secret`)
    await register.getByTestId("register-submit").click()
    await page.getByTestId("my-subscriptions").waitFor({ timeout: 60_000 })
    await page.getByTestId("no-subscriptions").waitFor()

    // Something in the shopping cart first: the subscription is checked out apart from it.
    await addToCart(page, demo!.storefrontUrl, MUG.handle)
    await page.getByTestId(`subscribe-${COFFEE.handle}`).click()
    await fillCheckout(page, { email, firstName: "Ольга", lastName: "Иванова" })
    // A subscription's cart is paid by subscription only.
    const options = page.locator("[data-testid^=payment-option-]")
    expect(await options.count()).toBe(1)
    await page.getByTestId("payment-option-subscription").check()
    await screenshot(page, "subscriptions-checkout")
    await page.getByTestId("pay-button").click()

    const sandboxPort = new URL(demo!.sandboxUrl).port
    await page.waitForURL((url) => url.port === sandboxPort, { timeout: 60_000 })
    await page.getByTestId("bind-button").waitFor()
    expect(await page.getByTestId("schedule").textContent()).toBeTruthy()
    await screenshot(page, "subscriptions-bind")
    await page.getByTestId("bind-button").click()
    await page.getByTestId("status").waitFor({ timeout: 60_000 })
    await screenshot(page, "subscriptions-bound")
    // Platega's bind page has no way back: the shopper returns to the shop, which offers to finish.
    await page.goto(demo!.storefrontUrl)
    await page.getByTestId("finish-subscription").getByRole("link").click()
    const order = await confirmedOrder(page, "subscriptions-first")
    expect(order.status).toBe("captured")
    // The shopping cart is still there, with the mug in it.
    await page.locator("[data-testid=cart-link]", { hasText: "(1)" }).waitFor({ timeout: 30_000 })

    await page.getByTestId("account-link").click()
    const row = page.getByTestId("subscription-row")
    await row.waitFor({ timeout: 60_000 })
    expect(await row.count()).toBe(1)
    expect(await row.getByTestId("subscription-status").getAttribute("data-status")).toBe("Active")
    expect(await row.getByTestId("subscription-orders").textContent()).toContain(
      `#${order.displayId}`,
    )
    await screenshot(page, "subscriptions-my")

    // The same page in Russian.
    await page.goto(`${demo!.storefrontUrl}/subscriptions?lang=ru`)
    await row.waitFor({ timeout: 60_000 })
    expect(await row.getByTestId("subscription-status").textContent()).toBe("активна")
    expect(await row.innerText()).toContain("раз в месяц")
    await screenshot(page, "subscriptions-my-ru")
    await page.goto(`${demo!.storefrontUrl}/?lang=en`)
  })

  it("the merchant sees it and its first order; a charge from Platega becomes a renewal order", async () => {
    const sub = await subscription()
    expect(sub).toMatchObject({ status: "Active", charges_count: 1 })
    const p = await adminPage("en")
    try {
      await p.goto(`${demo!.adminUrl}/platega/subscriptions`)
      const table = p.getByTestId("platega-subscriptions-table")
      await table.getByText(email).first().waitFor({ timeout: 120_000 })
      await screenshot(p, "subscriptions-admin-list-en")
      await table.getByText(email).first().click()
      await p.waitForURL((url) => url.pathname.endsWith(`/platega/subscriptions/${sub.id}`))
      const status = p.getByTestId("platega-subscription-status")
      await status.waitFor({ timeout: 60_000 })
      expect(await status.getAttribute("data-status")).toBe("Active")
      await p.getByTestId("platega-metric-chargesSuccess").waitFor()
      expect(await p.getByTestId("platega-charge-order").count()).toBe(1)

      // Platega charges the payer a month later (the sandbox, told to): one renewal order.
      const res = await fetch(
        `${demo!.sandboxUrl}/_sandbox/subscriptions/${sub.platega_id}/charge`,
        {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ outcome: "success" }),
        },
      )
      expect(res.ok).toBe(true)
      await until(subscription, (s) => s.charges_count === 2, "the renewal charge")
      // The charge is recorded before its renewal order is made and linked to it.
      const detail = () =>
        admin<{ subscription: { charges: { order_id: string | null }[] } }>(
          `/admin/platega/subscriptions/${sub.id}`,
        )
      await until(
        detail,
        (d) => d.subscription.charges.filter((c) => c.order_id).length === 2,
        "the renewal order",
      )
      await p.reload()
      await p.getByTestId("platega-charge-order").nth(1).waitFor({ timeout: 60_000 })
      expect(await p.getByTestId("platega-subscription-charges-count").textContent()).toBe("2")
      await screenshot(p, "subscriptions-admin-detail-en")

      // The renewal order names its subscription and links back to it.
      await p.getByTestId("platega-charge-order").first().click()
      const link = p.getByTestId("platega-order-subscription")
      await link.waitFor({ timeout: 60_000 })
      await screenshot(p, "subscriptions-admin-renewal-order")
      await link.click()
      await p.waitForURL((url) => url.pathname.endsWith(`/platega/subscriptions/${sub.id}`))

      // The first order shows its Platega transaction (the first charge) like any other order.
      const first = await subscription()
      await p.goto(`${demo!.adminUrl}/orders/${first.first_order_id}`)
      const txId = p.getByTestId("platega-transaction-id")
      await txId.waitFor({ timeout: 60_000 })
      await p.getByTestId("platega-order-state").and(p.locator("[data-state=paid]")).waitFor()
      expect(await txId.textContent()).toMatch(/^[0-9a-f-]{36}$/i)
      expect(await p.getByTestId("platega-payment-state").textContent()).toBe("Paid")
      await screenshot(p, "subscriptions-admin-first-order")

      // The customer's page lists it.
      await p.goto(`${demo!.adminUrl}/customers/${sub.customer_id}`)
      await p.getByTestId("platega-customer-subscription").waitFor({ timeout: 60_000 })
      await screenshot(p, "subscriptions-admin-customer")
    } finally {
      await p.context().close()
    }
  })

  it("the shopper cancels in the storefront; the admin shows it Cancelled, in both languages", async () => {
    await page.goto(`${demo!.storefrontUrl}/subscriptions`)
    const row = page.getByTestId("subscription-row")
    await row.waitFor({ timeout: 60_000 })
    await row.getByTestId("subscription-cancel").click()
    await page
      .locator("[data-testid=subscription-status][data-status=Cancelled]")
      .waitFor({ timeout: 60_000 })
    expect(await page.getByTestId("subscription-cancel").count()).toBe(0)
    await screenshot(page, "subscriptions-my-cancelled")

    const sub = await subscription()
    expect(sub.status).toBe("Cancelled")
    for (const language of ["en", "ru"] as const) {
      const p = await adminPage(language)
      try {
        await p.goto(`${demo!.adminUrl}/platega/subscriptions/${sub.id}`)
        const status = p.getByTestId("platega-subscription-status")
        await status.waitFor({ timeout: 120_000 })
        expect(await status.getAttribute("data-status")).toBe("Cancelled")
        expect(await p.getByTestId("platega-subscription-cancel").count()).toBe(0)
        if (language === "ru") expect(await status.textContent()).toBe("Отменена")
        await screenshot(p, `subscriptions-admin-cancelled-${language}`)
        await p.goto(`${demo!.adminUrl}/platega/subscriptions`)
        await p.getByTestId("platega-subscriptions-table").getByText(email).first().waitFor()
        await screenshot(p, `subscriptions-admin-list-${language}`)
      } finally {
        await p.context().close()
      }
    }
  })
})
