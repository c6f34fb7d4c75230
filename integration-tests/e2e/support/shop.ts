// What a shopper does, step by step, in the demo storefront and on the sandbox's payer page. All
// selectors are data-testid attributes (stable across the RU/EN texts).
import type { Page } from "playwright-core"
import { screenshot } from "./browser"

export type Shopper = { email: string; firstName: string; lastName: string }

export async function addToCart(page: Page, storefrontUrl: string, handle: string): Promise<void> {
  await page.goto(storefrontUrl)
  await page.getByTestId(`add-to-cart-${handle}`).waitFor({ timeout: 60_000 })
  await expectButtonsInsideCards(page)
  await page.getByTestId(`add-to-cart-${handle}`).click()
  await page.getByTestId("cart-item").first().waitFor()
}

export async function fillCheckout(page: Page, shopper: Shopper): Promise<void> {
  await page.getByTestId("checkout-form").waitFor()
  await page.getByTestId("field-email").fill(shopper.email)
  await page.getByTestId("field-first_name").fill(shopper.firstName)
  await page.getByTestId("field-last_name").fill(shopper.lastName)
  await page.getByTestId("field-phone").fill("+79990000000")
  await page.getByTestId("field-address_1").fill("ул. Ленина, 1")
  await page.getByTestId("field-city").fill("Москва")
  await page.getByTestId("field-postal_code").fill("101000")
}

/** Every product card holds its "В корзину" button: none spills past the card's edge. */
async function expectButtonsInsideCards(page: Page): Promise<void> {
  const spills = await page.getByTestId("product-card").evaluateAll((cards) =>
    cards.flatMap((card) => {
      const box = card.getBoundingClientRect()
      const button = card.querySelector("button")?.getBoundingClientRect()
      const inside =
        button &&
        button.left >= box.left &&
        button.right <= box.right &&
        button.top >= box.top &&
        button.bottom <= box.bottom
      return inside ? [] : [card.getAttribute("data-handle")]
    }),
  )
  if (spills.length > 0)
    throw new Error(`add-to-cart buttons outside their cards: ${spills.join(", ")}`)
}

/** Picks the method, presses Pay and waits for the sandbox's payer page. */
export async function payWith(
  page: Page,
  method: "sbp" | "card",
  sandboxUrl: string,
  shot: string,
): Promise<void> {
  await page.getByTestId(`payment-option-${method}`).check()
  await screenshot(page, `${shot}-checkout`)
  await page.getByTestId("pay-button").click()
  const sandboxPort = new URL(sandboxUrl).port
  await page.waitForURL((url) => url.port === sandboxPort && url.pathname.startsWith("/pay/"), {
    timeout: 60_000,
  })
  await page.getByTestId("amount").waitFor()
}

/** On the sandbox page: SBP "scan and pay" (the Pay button) or a card form with `cardNumber`. */
export async function actOnSandboxPage(
  page: Page,
  storefrontUrl: string,
  action: { qr: true } | { card: string },
  shot: string,
): Promise<void> {
  if ("qr" in action) {
    await page.getByTestId("qr-image").waitFor()
  } else {
    await page.getByTestId("card-number").fill(action.card)
  }
  await screenshot(page, `${shot}-sandbox`)
  await page.getByTestId("pay-button").click()
  await page.waitForURL((url) => url.toString().startsWith(storefrontUrl), { timeout: 60_000 })
}

export type ShownOrder = { displayId: number; total: string; status: string | null }

/** Waits for the return page's verdict and reads the order it shows. */
export async function confirmedOrder(page: Page, shot: string): Promise<ShownOrder> {
  const verdict = page.locator(
    "[data-testid=order-confirmed],[data-testid=payment-failed],[data-testid=payment-pending]",
  )
  await verdict.first().waitFor({ timeout: 60_000 })
  await screenshot(page, `${shot}-result`)
  const testid = await verdict.first().getAttribute("data-testid")
  if (testid !== "order-confirmed") {
    throw new Error(
      `expected an order, the page shows ${testid}: ${await page.locator("main").innerText()}`,
    )
  }
  const id = (await page.getByTestId("order-display-id").textContent()) ?? ""
  return {
    displayId: Number(id.replace(/\D/g, "")),
    total: (await page.getByTestId("order-total").textContent()) ?? "",
    status: await page.getByTestId("order-payment-status").getAttribute("data-status"),
  }
}
