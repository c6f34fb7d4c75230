// The merchant's Settings → Platega page in a real browser, through the demo: enter a second
// merchant's credentials, see a wrong secret refused with Platega's own error, test and save the
// right ones, then a shopper's checkout goes to that merchant; the page in Russian too. The
// secret must never reach the page's HTML, any response the page receives, or the server log.
// Screenshots: test-results/screenshots/settings-*.png.
import { randomBytes, randomUUID } from "node:crypto"
import fs from "node:fs"
import path from "node:path"
import type { Browser, BrowserContext, Page } from "playwright-core"
import { startSandbox, type RunningSandbox } from "platega-sandbox"
import { adminToken, loginToAdmin } from "./support/admin"
import { findChromium, launchChromium, screenshot } from "./support/browser"
import { ROOT, startDemo, type RunningDemo } from "./support/demo-process"
import { actOnSandboxPage, addToCart, confirmedOrder, fillCheckout, payWith } from "./support/shop"

const CARD_OK = "4242424242424242"

const chromiumPath = findChromium()
const describeWithBrowser = chromiumPath ? describe : describe.skip
if (!chromiumPath) {
  console.warn("settings.e2e: skipped, no Chromium found (install `chromium` or set CHROMIUM_PATH)")
}

jest.setTimeout(10 * 60_000)

/** The merchant the admin enters on the page: its own sandbox, next to the demo's. */
const SECOND = {
  merchantId: randomUUID(),
  secret: `e2e-second-secret-${randomBytes(8).toString("hex")}`,
  payoutKey: `e2e-second-payout-${randomBytes(8).toString("hex")}`,
}
const WRONG_SECRET = `e2e-wrong-secret-${randomBytes(8).toString("hex")}`
const SECRETS = [SECOND.secret, SECOND.payoutKey, WRONG_SECRET]

/** Clears what the page saved, so the demo's options are in force again. */
async function restoreDemoMerchant(storeUrl: string): Promise<void> {
  const token = await adminToken(storeUrl)
  const res = await fetch(`${storeUrl}/admin/platega/settings`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ merchant_id: null, secret: null, payout_key: null, base_url: null }),
  })
  if (!res.ok) throw new Error(`restoring the demo's settings: HTTP ${res.status}`)
}

function leaks(text: string): string[] {
  return SECRETS.filter((s) => text.includes(s))
}

describeWithBrowser("Settings → Platega in a real browser", () => {
  let demo: RunningDemo | undefined
  let browser: Browser | undefined
  let second: RunningSandbox | undefined
  let context: BrowserContext | undefined
  let page: Page
  /** Every response the admin page received, read in full. */
  const responses: Promise<{ url: string; body: string }>[] = []
  const run = Date.now().toString(36)
  const email = `settings-${run}@example.com`
  const disputed = `disputed-${run}@example.com`

  beforeAll(async () => {
    demo = await startDemo({ timeoutMs: 8 * 60_000 })
    browser = await launchChromium(chromiumPath!)
    second = await startSandbox({
      port: 0,
      host: "127.0.0.1",
      quiet: true,
      callbackRetryIntervalMs: 500,
      callbackUrl: `${demo.storeUrl}/hooks/platega`,
      ...SECOND,
    })
    context = await browser.newContext({ locale: "en-US", viewport: { width: 1440, height: 1600 } })
    page = await context.newPage()
    page.on("response", (response) => {
      responses.push(
        response
          .body()
          .then((b) => ({ url: response.url(), body: b.toString("utf8") }))
          .catch(() => ({ url: response.url(), body: "" })),
      )
    })
  })

  afterAll(async () => {
    await context?.close().catch(() => undefined)
    await browser?.close().catch(() => undefined)
    // Back to the demo's own merchant: the next spec may share this demo.
    if (demo) await restoreDemoMerchant(demo.storeUrl)
    await second?.stop()
    await demo?.stop()
  })

  type ApiOrder = {
    id: string
    email: string
    metadata: Record<string, unknown> | null
    payment_collections: {
      payments: { id: string; amount: number; data: { transaction_id: string } }[]
    }[]
  }

  /** The newest order of an e-mail, through the admin API. */
  async function orderOf(shopper: string): Promise<ApiOrder> {
    const token = await adminToken(demo!.storeUrl)
    const fields = "id,email,metadata,*payment_collections.payments"
    const res = await fetch(
      `${demo!.storeUrl}/admin/orders?fields=${fields}&limit=50&order=-created_at`,
      { headers: { authorization: `Bearer ${token}` } },
    )
    const { orders } = (await res.json()) as { orders: ApiOrder[] }
    const order = orders.find((o) => o.email === shopper)
    if (!order) throw new Error(`no order for ${shopper}`)
    return order
  }

  /** A shopper pays by card in the storefront; the payment goes to the second merchant. */
  async function checkout(shopper: string, shot: string): Promise<string> {
    const shop = await context!.newPage()
    try {
      await addToCart(shop, demo!.storefrontUrl, "samovar-mug")
      await shop.getByTestId("go-to-checkout").click()
      await fillCheckout(shop, { email: shopper, firstName: "Мария", lastName: "Кузнецова" })
      await payWith(shop, "card", second!.url, shot)
      const description = (await shop.getByTestId("description").textContent()) ?? ""
      // The shop and what is bought: no internal id.
      expect(description).toMatch(/^Platega Demo Shop: \S/)
      expect(description).not.toMatch(/cart_|payses_/)
      await actOnSandboxPage(shop, demo!.storefrontUrl, { card: CARD_OK }, shot)
      const order = await confirmedOrder(shop, shot)
      expect(order.status).toBe("captured")
    } finally {
      await shop.close()
    }
    return (await orderOf(shopper)).payment_collections[0].payments[0].data.transaction_id
  }

  async function openOrderWidget(shopper: string) {
    await page.goto(`${demo!.adminUrl}/orders/${(await orderOf(shopper)).id}`)
    const widget = page.getByTestId("platega-order-widget")
    await widget.waitFor({ timeout: 120_000 })
    await widget.scrollIntoViewIfNeeded()
    return widget
  }

  async function expectNoSecretInHtml() {
    expect(leaks(await page.content())).toEqual([])
  }

  it("enter credentials: a wrong secret shows Platega's error, the right one tests OK, then save", async () => {
    await loginToAdmin(page, demo!.adminUrl)
    // Settings → Platega, from the settings menu.
    await page.goto(`${demo!.adminUrl}/settings`)
    await page.getByRole("link", { name: "Platega", exact: true }).click()
    await page.getByTestId("platega-settings-page").waitFor({ timeout: 120_000 })
    expect(await page.getByTestId("platega-source-merchant_id").textContent()).toBe(
      "medusa-config.ts",
    )
    expect(await page.getByTestId("platega-callback-url").textContent()).toBe(
      `${demo!.storeUrl}/hooks/platega`,
    )
    // A local http address: Platega would not accept it, and the page says what to do.
    await page.getByTestId("platega-callback-not-qualified").waitFor({ timeout: 30_000 })
    for (const problem of ["not_https", "private_host"]) {
      const text = await page.getByTestId(`platega-callback-problem-${problem}`).textContent()
      expect(text).toBeTruthy()
    }
    expect(await page.getByTestId("platega-callback-problem-private_host").textContent()).toContain(
      "cloudflared tunnel",
    )
    await screenshot(page, "settings-en-initial")

    await page.locator("#platega-merchant_id").fill(SECOND.merchantId)
    await page.locator("#platega-base_url").fill(second!.url)
    await page.locator("#platega-secret").fill(WRONG_SECRET)
    await page.locator("#platega-payout_key").fill(SECOND.payoutKey)
    await expectNoSecretInHtml()

    await page.getByTestId("platega-test").click()
    await page.waitForSelector(
      "[data-testid=platega-test-call-merchant][data-outcome=wrong_credentials]",
    )
    const wrongText = await page.getByTestId("platega-test-call-merchant").textContent()
    expect(wrongText).toContain("Wrong credentials")
    expect(wrongText).toContain("Auth:SIGN_1001")
    expect(wrongText).toContain("Merchant secret key is not correct")
    expect(wrongText).toMatch(/Trace ID/)
    expect(
      await page.getByTestId("platega-test-call-payout_key").getAttribute("data-outcome"),
    ).toBe("skipped")
    await screenshot(page, "settings-en-wrong-secret")

    await page.locator("#platega-secret").fill(SECOND.secret)
    await page.getByTestId("platega-test").click()
    await page.waitForSelector("[data-testid=platega-test-call-merchant][data-outcome=ok]")
    await page.waitForSelector("[data-testid=platega-test-call-payout_key][data-outcome=ok]")
    expect(await page.getByTestId("platega-test-summary").textContent()).toContain("OK")
    await expectNoSecretInHtml()
    await screenshot(page, "settings-en-test-ok")

    await page.getByTestId("platega-save").click()
    await page.getByText("Platega settings saved").first().waitFor()
    await page
      .getByTestId("platega-masked-secret")
      .filter({ hasText: `Set ••••${SECOND.secret.slice(-4)}` })
      .waitFor()
    expect(await page.getByTestId("platega-source-secret").textContent()).toBe("Saved here")
    expect(await page.getByTestId("platega-source-merchant_id").textContent()).toBe("Saved here")
    expect(await page.locator("#platega-secret").inputValue()).toBe("")
    // The history names the admin and the fields, never a value.
    const audit = page.getByTestId("platega-audit")
    await audit.getByText("admin@platega.local").first().waitFor()
    expect(await audit.textContent()).toContain("API secret")
    expect(await audit.textContent()).not.toContain(SECOND.merchantId)
    await expectNoSecretInHtml()

    await page.reload()
    await page.getByTestId("platega-settings-page").waitFor()
    await expectNoSecretInHtml()
    await screenshot(page, "settings-en-saved")
  })

  it("a checkout then goes to the saved merchant, with the store and cart in the description", async () => {
    const txId = await checkout(email, "settings-checkout")
    expect(await second!.control.getTransaction(txId)).toMatchObject({ status: "CONFIRMED" })

    await openOrderWidget(email)
    expect(await page.getByTestId("platega-order-state").getAttribute("data-state")).toBe("paid")
    expect(await page.getByTestId("platega-transaction-id").textContent()).toBe(txId)
    await screenshot(page, "settings-order-widget-en")
  })

  it("the order widget reads Refunded after a refund from Medusa, and warns of a chargeback", async () => {
    // A refund made from Medusa: Platega then reports the transaction as CHARGEBACKED.
    await second!.control.setBalance("RUB", 1_000_000)
    const paid = await orderOf(email)
    const payment = paid.payment_collections[0].payments[0]
    const token = await adminToken(demo!.storeUrl)
    const refund = await fetch(`${demo!.storeUrl}/admin/payments/${payment.id}/refund`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ amount: payment.amount }),
    })
    expect(refund.status).toBe(200)
    expect(await second!.control.getTransaction(payment.data.transaction_id)).toMatchObject({
      status: "CHARGEBACKED",
    })
    await openOrderWidget(email)
    expect(await page.getByTestId("platega-order-state").getAttribute("data-state")).toBe(
      "refunded",
    )
    expect(await page.getByTestId("platega-refunded").textContent()).toMatch(
      /^Refunded from Medusa on .+; the transaction's status at Platega: Returned to the payer\.$/,
    )
    expect(await page.getByTestId("platega-chargeback").count()).toBe(0)
    await screenshot(page, "settings-order-refunded-en")

    // Money the store did not give back: a chargeback, flagged through Platega's callback.
    const txId = await checkout(disputed, "settings-dispute")
    await second!.control.chargeback(txId)
    const deadline = Date.now() + 60_000
    while (!(await orderOf(disputed)).metadata?.platega_chargeback && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500))
    }
    expect((await orderOf(disputed)).metadata?.platega_chargeback).toMatchObject({
      transaction_id: txId,
    })
    await openOrderWidget(disputed)
    expect(await page.getByTestId("platega-order-state").getAttribute("data-state")).toBe(
      "chargeback",
    )
    const warning = (await page.getByTestId("platega-chargeback").textContent()) ?? ""
    expect(warning).toContain(`Platega's status for transaction ${txId}: Returned to the payer`)
    expect(warning).toContain("What to do")
    // No green "Paid" beside the chargeback.
    expect(await page.getByTestId("platega-payment-state").textContent()).toBe("Chargeback")
    await screenshot(page, "settings-order-chargeback-en")
  })

  it("reads in Russian once the admin switches the language", async () => {
    await page.goto(`${demo!.adminUrl}/settings/profile/edit`)
    const drawer = page.getByRole("dialog")
    await drawer.getByRole("combobox").click()
    await page.getByRole("option", { name: "Русский" }).click()
    await drawer.locator("button[type=submit]").click()
    await page.waitForFunction(() => localStorage.getItem("lng") === "ru")

    await page.goto(`${demo!.adminUrl}/settings/platega`)
    await page.getByTestId("platega-settings-page").waitFor()
    await page.getByRole("heading", { name: "Ключи доступа" }).waitFor()
    expect(await page.getByTestId("platega-test").textContent()).toBe("Проверить соединение")
    expect(await page.getByTestId("platega-save").textContent()).toBe("Сохранить")
    expect(await page.getByTestId("platega-masked-secret").textContent()).toBe(
      `Задан ••••${SECOND.secret.slice(-4)}`,
    )
    expect(await page.getByTestId("platega-source-secret").textContent()).toBe("Сохранено здесь")
    await page.getByTestId("platega-test").click()
    // The new answer (of the saved settings; the one shown before tried unsaved values).
    await page.waitForSelector("[data-testid=platega-test-summary][data-source=saved]")
    expect(await page.getByTestId("platega-test-call-merchant").getAttribute("data-outcome")).toBe(
      "ok",
    )
    expect(await page.getByTestId("platega-test-call-merchant").textContent()).toContain(
      "ID мерчанта и секрет",
    )
    await expectNoSecretInHtml()
    await screenshot(page, "settings-ru")

    await openOrderWidget(email)
    expect(await page.getByTestId("platega-order-state").textContent()).toBe("Возврат")
    await screenshot(page, "settings-order-refunded-ru")
    await openOrderWidget(disputed)
    expect(await page.getByTestId("platega-order-state").textContent()).toBe("Чарджбэк")
    expect(await page.getByTestId("platega-chargeback").textContent()).toContain("Что делать")
    await screenshot(page, "settings-order-chargeback-ru")
  })

  it("the secret never reached a response the page received, nor the server's logs", async () => {
    const received = await Promise.all(responses)
    expect(received.length).toBeGreaterThan(20)
    expect(received.filter((r) => leaks(r.body).length).map((r) => r.url)).toEqual([])

    const logs = [
      path.join(demo!.dataDir, "logs", "medusa.log"),
      path.join(ROOT, "test-results", "e2e-demo.log"),
    ]
    for (const file of logs) {
      const text = fs.readFileSync(file, "utf8")
      expect({ file, leaks: leaks(text) }).toEqual({ file, leaks: [] })
    }
    // The log does record that the admin worked on the settings (so the check means something).
    expect(fs.readFileSync(logs[0], "utf8")).toMatch(/\/admin\/platega\/settings/)
  })
})
