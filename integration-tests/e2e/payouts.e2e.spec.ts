// The merchant's money in a real browser, through the demo (Medusa with this plugin and the
// Platega sandbox) and the system Chromium: balances, saved cards, a payout with its confirmation,
// the history row, and a payout whose answer was lost resolved by a re-check. In English and in
// Russian. Screenshots: test-results/screenshots.
import type { Browser, Page } from "playwright-core"
import { loginToAdmin } from "./support/admin"
import { findChromium, launchChromium, screenshot } from "./support/browser"
import { startDemo, type RunningDemo } from "./support/demo-process"

const chromiumPath = findChromium()
const describeWithBrowser = chromiumPath ? describe : describe.skip
if (!chromiumPath) {
  console.warn(
    "payouts.e2e: skipped, no Chromium found (install the `chromium` package or set CHROMIUM_PATH)",
  )
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const TYPED_CARD = "2200 7000 0000 0009"
const TYPED_MASK = "220070******0009"
const SAVED_MASK = "220070******4242"

type SandboxPayout = { idempotencyKey: string; amountRub: number; cardMasked: string }

const TEXT = {
  en: {
    newPayout: "New payout",
    typed: "A card number",
    continue: "Continue",
    confirm: "Pay out",
    recheck: "Re-check",
    paid: "Paid out",
    unknown: "Unknown",
    activeOnly: "Active only",
    balances: "Balances",
  },
  ru: {
    newPayout: "Новая выплата",
    typed: "Номер карты",
    continue: "Продолжить",
    confirm: "Выплатить",
    recheck: "Проверить",
    paid: "Выплачено",
    unknown: "Неизвестно",
    activeOnly: "Только активные",
    balances: "Балансы",
  },
} as const

// A cold demo start (migrations, seed, the admin build) takes minutes on a busy machine.
jest.setTimeout(15 * 60_000)

describeWithBrowser("the Platega money page in a real browser", () => {
  let demo: RunningDemo | undefined
  let browser: Browser | undefined

  beforeAll(async () => {
    demo = await startDemo({ timeoutMs: 12 * 60_000 })
    browser = await launchChromium(chromiumPath!)
  })

  afterAll(async () => {
    await browser?.close().catch(() => undefined)
    await demo?.stop()
  })

  async function control(path: string, init?: RequestInit): Promise<unknown> {
    const res = await fetch(`${demo!.sandboxUrl}/_sandbox${path}`, {
      ...init,
      headers: init?.body ? { "content-type": "application/json" } : {},
    })
    if (!res.ok) throw new Error(`sandbox ${path}: HTTP ${res.status} ${await res.text()}`)
    return res.json()
  }
  const sandboxPayouts = () => control("/payouts") as Promise<SandboxPayout[]>

  async function withAdmin(lang: "en" | "ru", fn: (page: Page) => Promise<void>): Promise<void> {
    const context = await browser!.newContext({
      locale: lang === "ru" ? "ru-RU" : "en-US",
      viewport: { width: 1440, height: 1000 },
    })
    // The dashboard reads the language from the `lng` cookie first.
    await context.addCookies([{ name: "lng", value: lang, url: demo!.storeUrl }])
    const page = await context.newPage()
    try {
      await loginToAdmin(page, demo!.adminUrl)
      await page.goto(`${demo!.adminUrl}/platega`)
      await page.getByTestId("platega-money-page").waitFor({ timeout: 120_000 })
      await fn(page)
    } catch (error) {
      await screenshot(page, `payouts-${lang}-failure`).catch(() => undefined)
      throw error
    } finally {
      await context.close()
    }
  }

  /** Fills the payout form, checks the confirmation, confirms; answers the form's key. */
  async function payOut(
    page: Page,
    lang: "en" | "ru",
    card: { saved: string } | { typed: string },
    amount: number,
    expect: { confirmAmount: RegExp; mask: string; shot: string },
  ): Promise<string> {
    const t = TEXT[lang]
    await page.getByTestId("new-payout").click()
    const drawer = page.getByTestId("payout-drawer")
    await drawer.waitFor()
    // Not shown to the owner; the form carries it for the test to follow.
    const key = (await drawer.getByTestId("payout-form").getAttribute("data-idempotency-key")) ?? ""
    if ("saved" in card) {
      await drawer.getByTestId("payout-card-select").click()
      await page.getByRole("option", { name: new RegExp(card.saved.replace(/\*/g, "\\*")) }).click()
    } else {
      await drawer.getByText(t.typed, { exact: true }).click()
      await drawer.getByTestId("payout-card-number").fill(card.typed)
    }
    await drawer.getByTestId("payout-amount").fill(String(amount))
    await screenshot(page, `${expect.shot}-form`)
    await drawer.getByTestId("payout-submit").click()
    const dialog = page.getByRole("alertdialog")
    await dialog.waitFor()
    const confirmation = (await dialog.textContent()) ?? ""
    if (!expect.confirmAmount.test(confirmation) || !confirmation.includes(expect.mask)) {
      throw new Error(`the confirmation does not repeat the amount and the card: ${confirmation}`)
    }
    await screenshot(page, `${expect.shot}-confirm`)
    await dialog.getByRole("button", { name: t.confirm }).click()
    await drawer.waitFor({ state: "hidden", timeout: 60_000 })
    return key
  }

  const historyRow = (page: Page, mask: string) =>
    page.getByTestId("platega-payouts").locator("tr", { hasText: mask }).first()

  it("English: balances, cards, a payout to a saved card with its confirmation, the history row", async () => {
    await control("/reset", { method: "POST", body: "{}" })
    await withAdmin("en", async (page) => {
      const t = TEXT.en
      await page.getByRole("link", { name: "Platega" }).first().waitFor()
      const rub = page.getByTestId("balance-rub")
      await rub.waitFor()
      expect(await rub.getByTestId("balance-amount").textContent()).toMatch(/100,000/)
      expect(await rub.getByTestId("balance-frozen").textContent()).toMatch(/0/)
      await page.getByText(t.balances, { exact: true }).waitFor()

      const cards = page.getByTestId("platega-cards")
      await cards.getByText(SAVED_MASK).waitFor()
      expect(await cards.locator("tbody tr").count()).toBe(2)
      await cards.getByTestId("cards-active-only").click()
      await cards.getByText("510000******5678").waitFor()
      expect(await cards.locator("tbody tr").count()).toBe(4)
      for (const status of ["Active", "Disabled", "Pending"]) {
        await cards.getByText(status, { exact: true }).first().waitFor()
      }
      await screenshot(page, "platega-money-en-cards-all")

      const key = await payOut(page, "en", { saved: SAVED_MASK }, 1500, {
        confirmAmount: /1,500/,
        mask: SAVED_MASK,
        shot: "platega-payout-en",
      })
      expect(key).toMatch(UUID)
      const row = historyRow(page, SAVED_MASK)
      await row.getByText(t.paid).waitFor({ timeout: 60_000 })
      expect(await row.textContent()).toMatch(/1,500/)
      // The balance is read again: 100 000 − 1 500 − 1 % fee.
      await page
        .getByTestId("balance-rub")
        .getByText(/98,485/)
        .waitFor()
      await screenshot(page, "platega-money-en")

      const made = await sandboxPayouts()
      expect(made).toHaveLength(1)
      expect(made[0]).toMatchObject({
        idempotencyKey: key,
        amountRub: 1500,
        cardMasked: SAVED_MASK,
      })
    })
  })

  it("Russian: a typed card, an answer lost on the way, the re-check pays once", async () => {
    await control("/reset", { method: "POST", body: "{}" })
    // Platega pays, but every answer is lost: the payout's outcome is unknown.
    await control("/faults", {
      method: "PUT",
      body: JSON.stringify({ lostResponseRates: { "POST /api/v1/payouts/card-rub": 1 } }),
    })
    await withAdmin("ru", async (page) => {
      const t = TEXT.ru
      await page.getByText(t.balances, { exact: true }).waitFor()
      await page
        .getByTestId("balance-rub")
        .getByText(/100\s000/)
        .waitFor()
      await page.getByTestId("platega-cards").getByText(t.activeOnly).waitFor()

      // What the form refuses is never sent: a number failing Luhn, an amount under 1 000 ₽.
      await page.getByTestId("new-payout").click()
      const drawer = page.getByTestId("payout-drawer")
      await drawer.getByText(t.typed, { exact: true }).click()
      await drawer.getByTestId("payout-card-number").fill("2200 7000 0000 0008")
      await drawer.getByTestId("payout-amount").fill("500")
      await drawer.getByTestId("payout-submit").click()
      await drawer.getByText("Это не номер карты").waitFor()
      // Limits in whole rubles, without kopecks that could not be typed anyway.
      await drawer
        .getByText(/Введите сумму в рублях без копеек, от 1\s000\s₽ до 87\s500\s₽/)
        .waitFor()
      expect(await page.getByRole("alertdialog").count()).toBe(0)
      await screenshot(page, "platega-payout-ru-invalid")
      await page.keyboard.press("Escape")
      await drawer.waitFor({ state: "hidden" })

      const key = await payOut(page, "ru", { typed: TYPED_CARD }, 2000, {
        confirmAmount: /2\s000/,
        mask: TYPED_MASK,
        shot: "platega-payout-ru",
      })
      expect(key).toMatch(UUID)
      const row = historyRow(page, TYPED_MASK)
      await row.getByText(t.unknown).waitFor({ timeout: 60_000 })
      await screenshot(page, "platega-money-ru-unknown")
      expect(await sandboxPayouts()).toHaveLength(1)

      await control("/faults", { method: "DELETE" })
      await row.getByRole("button", { name: t.recheck }).click()
      const dialog = page.getByRole("alertdialog")
      await dialog.getByTestId("recheck-card-number").fill(TYPED_CARD)
      await screenshot(page, "platega-payout-ru-recheck")
      await dialog.getByRole("button", { name: t.recheck }).click()
      await historyRow(page, TYPED_MASK).getByText(t.paid).waitFor({ timeout: 60_000 })
      await screenshot(page, "platega-money-ru")

      const made = await sandboxPayouts()
      expect(made).toHaveLength(1)
      expect(made[0]).toMatchObject({
        idempotencyKey: key,
        amountRub: 2000,
        cardMasked: TYPED_MASK,
      })
      expect(await page.content()).not.toContain(TYPED_CARD.replace(/ /g, ""))
    })
  })
})
