// The storefront kit (packages/platega-storefront) in a Next.js App Router storefront of its own
// (integration-tests/storefront-kit, built with `next build`), in Chromium, against the shared demo.
// The checkout picks a method the way Medusa's DTC starter does (a payment session without return
// addresses), then pays with the kit: SBP on Platega's page, card, a declined card paid again, and
// the inline SBP QR paid from another tab. The sandbox must record one transaction per attempt.
// The site routes by country as the starter does (a path without one gets the default, `dk`); the
// shopper pays from `/ru/…` and must come back, and try again, under `/ru/`. Last, what an order
// edit left owing is paid on the kit's payment-collection page, by link, under `/ru/` too.
import axios, { type AxiosInstance } from "axios"
import type { Browser, BrowserContext, Page } from "playwright-core"
import { createCart } from "../helpers/checkout"
import type { StoreFixture } from "../helpers/store"
import { adminToken } from "./support/admin"
import { findChromium, launchChromium, screenshot } from "./support/browser"
import { startDemo, type RunningDemo } from "./support/demo-process"
import { startNextStorefront, type RunningNextStorefront } from "./support/next-storefront"
import { actOnSandboxPage } from "./support/shop"

const CARD_OK = "4242424242424242"
const CARD_DECLINED = "4000000000000002"

const COUNTRY = "ru"

const chromiumPath = findChromium()
const describeWithBrowser = chromiumPath ? describe : describe.skip

jest.setTimeout(10 * 60_000)

type SandboxTransaction = { id: string; status: string; returnUrl: string | null }

describeWithBrowser("the storefront kit in a Next.js storefront", () => {
  let demo: RunningDemo
  let site: RunningNextStorefront | undefined
  let browser: Browser | undefined
  let api: AxiosInstance
  let store: StoreFixture

  beforeAll(async () => {
    demo = await startDemo({ timeoutMs: 8 * 60_000 })
    const config = (await (await fetch(`${demo.storefrontUrl}/config.json`)).json()) as {
      publishableKey: string
    }
    const headers = { "x-publishable-api-key": config.publishableKey }
    api = axios.create({ baseURL: demo.storeUrl })
    const { regions } = (await api.get("/store/regions", { headers })).data
    const ru = regions.find((r: { countries?: { iso_2: string }[] }) =>
      r.countries?.some((c) => c.iso_2 === "ru"),
    )
    const { products } = (
      await api.get("/store/products", {
        headers,
        params: { handle: "birch-notebook", region_id: ru.id, fields: "*variants" },
      })
    ).data
    store = { headers, regionId: ru.id, variantId: products[0].variants[0].id, price: 2990.5 }
    ;[site, browser] = await Promise.all([
      startNextStorefront({ storeUrl: demo.storeUrl, publishableKey: config.publishableKey }),
      launchChromium(chromiumPath!),
    ])
    // This site is a second storefront of the demo store: payers may come back to it too.
    await allowStorefronts([new URL(demo.storefrontUrl).origin, site.url])
  })

  /** Sets the store's storefront origins (null: back to storeCors) as the merchant would. */
  async function allowStorefronts(origins: string[] | null): Promise<void> {
    const token = await adminToken(demo.storeUrl)
    const res = await fetch(`${demo.storeUrl}/admin/platega/settings`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ storefront_origins: origins }),
    })
    if (!res.ok) throw new Error(`storefront origins: HTTP ${res.status} ${await res.text()}`)
  }

  afterAll(async () => {
    if (site) await allowStorefronts(null).catch(() => undefined)
    await browser?.close().catch(() => undefined)
    await site?.stop()
    await demo?.stop()
  })

  /** The sandbox's transactions of one cart (the kit puts the cart id in the return address). */
  async function transactionsOf(cartId: string): Promise<SandboxTransaction[]> {
    const res = await fetch(`${demo.sandboxUrl}/_sandbox/transactions?limit=1000`)
    const { items } = (await res.json()) as { items: SandboxTransaction[] }
    return items.filter((t) => t.returnUrl?.includes(`cart_id=${cartId}`))
  }

  async function withPage<T>(name: string, fn: (page: Page) => Promise<T>): Promise<T> {
    const context: BrowserContext = await browser!.newContext()
    const page = await context.newPage()
    try {
      return await fn(page)
    } catch (error) {
      await screenshot(page, `kit-${name}-failure`).catch(() => undefined)
      throw error
    } finally {
      await context.close()
    }
  }

  /** The checkout with a method picked as the DTC starter picks it: no transaction yet. */
  async function choose(page: Page, cartId: string, method: "sbp" | "card", query = "") {
    await page.goto(`${site!.url}/${COUNTRY}/checkout/${cartId}${query}`)
    const option = page.getByTestId(`payment-option-${method}`)
    await option.click()
    await page.waitForFunction(
      (m) =>
        (document.querySelector(`[data-testid=payment-option-${m}]`) as HTMLInputElement)
          ?.checked === true &&
        !(document.querySelector("[data-testid=pay-button]") as HTMLButtonElement)?.disabled,
      method,
    )
    expect(await transactionsOf(cartId)).toHaveLength(0)
  }

  async function payOnSandbox(page: Page) {
    await page.getByTestId("pay-button").click()
    const sandboxPort = new URL(demo.sandboxUrl).port
    await page.waitForURL((url) => url.port === sandboxPort && url.pathname.startsWith("/pay/"), {
      timeout: 60_000,
    })
  }

  async function expectPaid(page: Page, shot: string) {
    await page.getByTestId("platega-paid").waitFor({ timeout: 60_000 })
    expect(await page.getByTestId("platega-paid").textContent()).toMatch(/Оплачено.*Заказ №\d+/)
    expect(new URL(page.url()).pathname).toBe(`/${COUNTRY}/checkout/platega`)
    await screenshot(page, `kit-${shot}-paid`)
  }

  /** Every attempt sent Platega a return address in the shopper's country. */
  async function expectCountryKept(cartId: string) {
    for (const t of await transactionsOf(cartId)) {
      expect(t.returnUrl).toMatch(
        new RegExp(`^${site!.url}/${COUNTRY}/checkout/platega\\?cart_id=${cartId}`),
      )
    }
  }

  it("SBP on Platega's page: one transaction, one order", async () => {
    const cartId = await createCart(api, store)
    await withPage("sbp", async (page) => {
      await choose(page, cartId, "sbp", "?sbp=redirect")
      await payOnSandbox(page)
      await actOnSandboxPage(page, site!.url, { qr: true }, "kit-sbp")
      await expectPaid(page, "sbp")
    })
    const txs = await transactionsOf(cartId)
    expect(txs.map((t) => t.status)).toEqual(["CONFIRMED"])
    await expectCountryKept(cartId)
  })

  it("card: one transaction, one order", async () => {
    const cartId = await createCart(api, store)
    await withPage("card", async (page) => {
      await choose(page, cartId, "card")
      await payOnSandbox(page)
      await actOnSandboxPage(page, site!.url, { card: CARD_OK }, "kit-card")
      await expectPaid(page, "card")
    })
    expect((await transactionsOf(cartId)).map((t) => t.status)).toEqual(["CONFIRMED"])
    await expectCountryKept(cartId)
  })

  it("a declined card, then paid again: one transaction per attempt", async () => {
    const cartId = await createCart(api, store)
    await withPage("declined", async (page) => {
      await choose(page, cartId, "card")
      await payOnSandbox(page)
      await actOnSandboxPage(page, site!.url, { card: CARD_DECLINED }, "kit-declined")
      await page.getByTestId("platega-failed").waitFor({ timeout: 60_000 })
      await screenshot(page, "kit-declined-failed")
      expect(new URL(page.url()).pathname).toBe(`/${COUNTRY}/checkout/platega`)
      await page.getByTestId("platega-try-again").click()
      await page.getByTestId("checkout").waitFor()
      expect(new URL(page.url()).pathname).toBe(`/${COUNTRY}/checkout/${cartId}`)
      await payOnSandbox(page)
      await actOnSandboxPage(page, site!.url, { card: CARD_OK }, "kit-retry")
      await expectPaid(page, "retry")
    })
    // Newest first.
    expect((await transactionsOf(cartId)).map((t) => t.status)).toEqual(["CONFIRMED", "CANCELED"])
    await expectCountryKept(cartId)
  })

  /** The demo's admin API, as the merchant's admin calls it. */
  async function admin<T>(path: string, body?: unknown): Promise<T> {
    const token = await adminToken(demo.storeUrl)
    const res = await fetch(`${demo.storeUrl}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`)
    return (await res.json()) as T
  }

  it("the payment-collection page: what an order edit left owing, paid by link, under the shopper's country", async () => {
    const cartId = await createCart(api, store)
    await withPage("collection-order", async (page) => {
      await choose(page, cartId, "sbp", "?sbp=redirect")
      await payOnSandbox(page)
      await actOnSandboxPage(page, site!.url, { qr: true }, "kit-collection-order")
      await expectPaid(page, "collection-order")
    })
    const { orders } = await admin<{ orders: { id: string }[] }>(
      "/admin/orders?limit=1&order=-created_at&fields=id",
    )
    const orderId = orders[0].id
    // The merchant adds an item for 500 ₽: the order now owes it.
    await admin("/admin/order-edits", { order_id: orderId })
    await admin(`/admin/order-edits/${orderId}/items`, {
      items: [{ variant_id: store.variantId, quantity: 1, unit_price: 500 }],
    })
    await admin(`/admin/order-edits/${orderId}/request`, {})
    await admin(`/admin/order-edits/${orderId}/confirm`, {})
    const owed = await admin<{ outstanding: { payment_collection_id: string } | null }>(
      `/admin/platega/orders/${orderId}/payment-links`,
    )
    const collectionId = owed.outstanding!.payment_collection_id
    await withPage("collection", async (page) => {
      await page.goto(`${site!.url}/${COUNTRY}/payment-collection/${collectionId}`)
      await page.getByTestId("platega-amount-due").waitFor()
      expect(await page.getByTestId("platega-amount-due").textContent()).toMatch(/500/)
      await screenshot(page, "kit-collection-due")
      await page.getByTestId("platega-pay-button").click()
      const sandboxPort = new URL(demo.sandboxUrl).port
      await page.waitForURL((url) => url.port === sandboxPort && url.pathname.startsWith("/pay/"), {
        timeout: 60_000,
      })
      // The link lets the payer pick the method on Platega's page.
      await page.getByTestId("method-sbp").click()
      await actOnSandboxPage(page, site!.url, { qr: true }, "kit-collection")
      await page.getByTestId("platega-paid").waitFor({ timeout: 60_000 })
      await screenshot(page, "kit-collection-paid")
      expect(new URL(page.url()).pathname).toBe(`/${COUNTRY}/payment-collection/${collectionId}`)
    })
    const res = await fetch(`${demo.sandboxUrl}/_sandbox/transactions?limit=1000`)
    const { items } = (await res.json()) as { items: SandboxTransaction[] }
    const ofCollection = items.filter((t) => t.returnUrl?.includes(collectionId))
    expect(ofCollection.map((t) => t.status)).toEqual(["CONFIRMED"])
    expect(ofCollection[0].returnUrl).toMatch(
      new RegExp(`^${site!.url}/${COUNTRY}/payment-collection/${collectionId}`),
    )
    const after = await admin<{ outstanding: unknown }>(
      `/admin/platega/orders/${orderId}/payment-links`,
    )
    expect(after.outstanding).toBeNull()
  })

  it("SBP inline: the QR on the checkout, paid from another tab, turns into the order", async () => {
    const cartId = await createCart(api, store)
    await withPage("inline", async (page) => {
      await choose(page, cartId, "sbp")
      await page.getByTestId("pay-button").click()
      await page.getByTestId("platega-qr").waitFor()
      expect(await page.getByTestId("platega-sbp").getAttribute("data-status")).toBe("pending")
      await screenshot(page, "kit-inline-qr")
      const payer = await page.getByTestId("platega-payer-page").getAttribute("href")
      const phone = await page.context().newPage()
      await phone.goto(payer!)
      await actOnSandboxPage(phone, site!.url, { qr: true }, "kit-inline-phone")
      // The checkout tab sees the payment and goes to the return page, which shows the order.
      await expectPaid(page, "inline")
    })
    expect((await transactionsOf(cartId)).map((t) => t.status)).toEqual(["CONFIRMED"])
    await expectCountryKept(cartId)
  })
})
