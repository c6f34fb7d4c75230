import type { RunningSandbox } from "../../types"
import {
  Receiver,
  createPayment,
  createSubscription,
  postForm,
  useSandbox,
} from "../../__tests__/helpers"
import { crc16 } from "../qr"
import { pickLang } from "../../shared/html"

// What the payer sees: their language, the merchant's description, a deadline with a countdown,
// a favicon, why a payment failed; and the subscription cancel link of Platega's e-mails.

async function page(url: string, lang?: string) {
  const res = await fetch(url, { headers: lang ? { "Accept-Language": lang } : {} })
  return { status: res.status, html: await res.text() }
}

describe("sandbox: the payer's view", () => {
  let sandbox: RunningSandbox
  let receiver: Receiver

  useSandbox((s, r) => ([sandbox, receiver] = [s, r]))

  it("picks the language from ?lang=, then Accept-Language, then English", () => {
    expect(pickLang("ru", "en-US")).toBe("ru")
    expect(pickLang(undefined, "ru-RU,ru;q=0.9,en;q=0.8")).toBe("ru")
    expect(pickLang(undefined, "de-DE,en;q=0.5,ru;q=0.7")).toBe("ru")
    expect(pickLang(undefined, "en-GB,en;q=0.9")).toBe("en")
    expect(pickLang(undefined, "de, fr")).toBe("en")
    expect(pickLang("xx", undefined)).toBe("en")
  })

  it("speaks Russian to a Russian browser and English with ?lang=en", async () => {
    const { redirect } = await createPayment(sandbox, { paymentMethod: 11 }, { amount: 1500 })
    const ru = await page(redirect, "ru-RU,ru;q=0.9")
    expect(ru.html).toContain('<html lang="ru">')
    expect(ru.html).toContain("Оплата картой")
    expect(ru.html).toContain("Номер карты")
    expect(ru.html).toMatch(/1\s500,00\s₽/)
    const en = await page(`${redirect}?lang=en`, "ru-RU")
    expect(en.html).toContain('<html lang="en">')
    expect(en.html).toContain("Pay by card")
    // The choice is kept by the forms of the page.
    expect(en.html).toContain(`action="${redirect}/card?lang=en"`)
    expect(en.html).toContain('href="/pay/')
    expect(en.html).toMatch(/data-testid="lang-ru"/)
  })

  it("shows the merchant's description, the deadline as a machine-readable time and a countdown", async () => {
    const { redirect, transactionId } = await createPayment(sandbox, {
      description: "Заказ №42: чай и кофе",
    })
    const tx = (await sandbox.control.getTransaction(transactionId))!
    const p = await page(redirect, "ru")
    expect(p.html).toContain('data-testid="description">Заказ №42: чай и кофе<')
    expect(p.html).toContain(`datetime="${tx.expiresAt}"`)
    const ms = Number(/data-countdown-ms="(\d+)"/.exec(p.html)![1])
    expect(ms).toBeGreaterThan(29 * 60_000)
    expect(ms).toBeLessThanOrEqual(30 * 60_000)
    expect(p.html).toMatch(/data-testid="countdown"[^>]*>(29:5\d|30:00)</)
    // The script turns the deadline into the payer's local time.
    expect(p.html).toContain("Intl.DateTimeFormat")
  })

  it("serves a favicon that every page links", async () => {
    const res = await fetch(`${sandbox.url}/favicon.ico`)
    expect(res.status).toBe(200)
    expect(res.headers.get("content-type")).toMatch(/^image\/svg\+xml/)
    expect(await res.text()).toMatch(/^<svg/)
    const { redirect } = await createPayment(sandbox)
    expect((await page(redirect)).html).toContain(
      '<link rel="icon" type="image/svg+xml" href="/favicon.svg"',
    )
  })

  it.each([
    ["4000000000000002", "en", "The bank declined the card •••• 0002."],
    ["4000000000009995", "ru", "Недостаточно средств на карте •••• 9995."],
  ])("says why card %s was declined (%s)", async (card, lang, reason) => {
    const { redirect, transactionId } = await createPayment(sandbox, { paymentMethod: 11 })
    const res = await postForm(`${redirect}/card?lang=${lang}`, {
      cardNumber: card,
      expiry: "12/34",
      cvc: "123",
    })
    expect(res.status).toBe(303)
    const view = (await sandbox.control.getTransaction(transactionId))!
    expect(view.status).toBe("CANCELED")
    expect(view.declineReason).toBe(card.endsWith("0002") ? "card_declined" : "insufficient_funds")
    const result = await page(`${redirect}/result?lang=${lang}`)
    expect(result.html).toContain(reason)
    // Opening the payment link again says the same.
    expect((await page(`${redirect}?lang=${lang}`)).html).toContain(reason)
  })

  it("checks the NSPK-style checksum against a known vector", () => {
    expect(crc16("123456789")).toBe("29B1")
  })

  describe("cancel by the payer (the link in Platega's e-mail)", () => {
    it("GET shows the page and changes nothing; POST cancels and sends SUBSCRIPTION_CANCELLED", async () => {
      const { redirect, transactionId: id } = await createSubscription(sandbox)
      await postForm(`${redirect}/bind`, { email: "ann@example.com" })
      const view = (await sandbox.control.getSubscription(id))!
      expect(view.payerCancelUrl).toBe(`${sandbox.url}/subscription/${id}/cancel-by-payer`)

      const shown = await page(view.payerCancelUrl, "ru")
      expect(shown.status).toBe(200)
      expect(shown.html).toContain("Отменить подписку")
      expect((await sandbox.control.getSubscription(id))!.status).toBe("Active")

      await sandbox.control.waitForCallbacks()
      const before = receiver.bodies().length
      const done = await postForm(view.payerCancelUrl)
      expect(done.status).toBe(200)
      expect(await done.text()).toContain("The subscription is cancelled.")
      expect(await sandbox.control.getSubscription(id)).toMatchObject({
        status: "Cancelled",
        cancelledBy: "payer",
        nextChargeAt: null,
      })
      await sandbox.control.waitForCallbacks()
      const sent = receiver.bodies().slice(before)
      expect(sent).toEqual([
        expect.objectContaining({ Id: id, SubscriptionId: id, Status: "SUBSCRIPTION_CANCELLED" }),
      ])
      // Again: nothing more happens.
      expect((await postForm(view.payerCancelUrl)).status).toBe(200)
      await sandbox.control.waitForCallbacks()
      expect(receiver.bodies().length).toBe(before + 1)
    })

    it("the control API does the same; a subscription not yet bound cannot be cancelled this way", async () => {
      const bound = await createSubscription(sandbox)
      await sandbox.control.bindSubscription(bound.transactionId)
      const res = await fetch(
        `${sandbox.url}/_sandbox/subscriptions/${bound.transactionId}/payer-cancel`,
        { method: "POST" },
      )
      expect(res.status).toBe(200)
      expect(await res.json()).toMatchObject({ status: "Cancelled", cancelledBy: "payer" })

      const pending = await createSubscription(sandbox)
      const refused = await fetch(
        `${sandbox.url}/_sandbox/subscriptions/${pending.transactionId}/payer-cancel`,
        { method: "POST" },
      )
      expect(refused.status).toBe(409)
      expect(
        (await postForm(`${sandbox.url}/subscription/${pending.transactionId}/cancel-by-payer`))
          .status,
      ).toBe(409)
      expect((await sandbox.control.getSubscription(pending.transactionId))!.status).toBe(
        "PendingAgreement",
      )
    })
  })
})
