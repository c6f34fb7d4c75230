import type { RunningSandbox } from "../../types"
import {
  FAILED_URL,
  RETURN_URL,
  Receiver,
  api,
  createPayment,
  createSubscription,
  postForm,
  useSandbox,
} from "../../__tests__/helpers"
import { transactionIdOfQr } from "../qr"

const page = async (url: string) => {
  const res = await fetch(url)
  return { status: res.status, type: res.headers.get("content-type"), html: await res.text() }
}

describe("sandbox: payer pages", () => {
  let sandbox: RunningSandbox
  let receiver: Receiver

  useSandbox((s, r) => ([sandbox, receiver] = [s, r]))

  describe("SBP", () => {
    it("shows a scannable QR (SVG data URL) and Pay / Decline buttons", async () => {
      const { redirect, transactionId } = await createPayment(sandbox, {}, { amount: 1500 })
      const p = await page(redirect)
      expect(p.status).toBe(200)
      expect(p.type).toMatch(/^text\/html/)
      const img =
        /<img class="qr" data-testid="qr-image" alt="SBP QR code" src="data:image\/svg\+xml;base64,([^"]+)"/.exec(
          p.html,
        )
      expect(img).not.toBeNull()
      const svg = Buffer.from(img![1], "base64").toString("utf8")
      expect(svg).toMatch(/^<svg[^>]+viewBox="0 0 \d+ \d+"/)
      expect(svg).toContain("<path")
      const qrText = /data-testid="qr-content">([^<]+)</.exec(p.html)![1].replace(/&amp;/g, "&")
      expect(qrText).toMatch(
        new RegExp(
          `^${sandbox.url}/qr/AD10000[0-9A-Z]{25}\\?type=02&bank=\\d{12}&sum=150000&cur=RUB&crc=[0-9A-F]{4}$`,
        ),
      )
      // The QR link opens this payment's pay page, like a banking app following an NSPK link.
      const opened = await fetch(qrText, { redirect: "manual" })
      expect([opened.status, opened.headers.get("location")]).toEqual([302, redirect])
      expect(transactionId).toBe(transactionIdOfQr(new URL(qrText).pathname.slice(4)))
      expect(p.html).toMatch(/data-testid="pay-button">\s*Pay\s*<\/button>/)
      expect(p.html).toMatch(/data-testid="decline-button">\s*Decline\s*<\/button>/)
      expect(p.html).toContain("1500.00 RUB")
    })

    it("Pay → CONFIRMED, callback, 303 to return", async () => {
      const { redirect, transactionId } = await createPayment(sandbox)
      const res = await postForm(`${redirect}/confirm`)
      expect(res.status).toBe(303)
      expect(res.headers.get("location")).toBe(RETURN_URL)
      expect((await sandbox.control.getTransaction(transactionId))!.status).toBe("CONFIRMED")
      await sandbox.control.waitForCallbacks()
      expect(
        receiver.bodies().some((b) => b.id === transactionId && b.status === "CONFIRMED"),
      ).toBe(true)
      // Paying twice is refused.
      const again = await postForm(`${redirect}/confirm`)
      expect(again.status).toBe(409)
      expect(await again.text()).toContain("already CONFIRMED")
    })

    it("Decline → CANCELED, 303 to failedUrl", async () => {
      const { redirect, transactionId } = await createPayment(sandbox)
      const res = await postForm(`${redirect}/decline`)
      expect(res.status).toBe(303)
      expect(res.headers.get("location")).toBe(FAILED_URL)
      expect((await sandbox.control.getTransaction(transactionId))!.status).toBe("CANCELED")
    })

    it("the QR link opens the pay page", async () => {
      const { transactionId, redirect } = await createPayment(sandbox)
      const res = await fetch(`${sandbox.url}/qr/${transactionId}`, { redirect: "manual" })
      expect(res.status).toBe(302)
      expect(res.headers.get("location")).toBe(redirect)
    })

    it("refuses payment after expiry (410), before the batch cancels it", async () => {
      const { redirect, transactionId } = await createPayment(sandbox)
      await sandbox.control.advanceClock(31 * 60_000)
      expect((await page(redirect)).status).toBe(410)
      expect((await postForm(`${redirect}/confirm`)).status).toBe(410)
      expect((await sandbox.control.getTransaction(transactionId))!.status).toBe("PENDING")
    })
  })

  describe("card", () => {
    const card = async (cardNumber: string, expiry = "12/34", cvc = "123") => {
      const { redirect, transactionId } = await createPayment(sandbox, { paymentMethod: 11 })
      const res = await postForm(`${redirect}/card`, { cardNumber, expiry, cvc, holder: "TEST" })
      return {
        res,
        transactionId,
        status: (await sandbox.control.getTransaction(transactionId))!.status,
      }
    }

    it("shows a card form documenting the test cards", async () => {
      const { redirect } = await createPayment(sandbox, { paymentMethod: 11 })
      const p = await page(redirect)
      expect(p.status).toBe(200)
      for (const id of [
        "card-number",
        "card-expiry",
        "card-cvc",
        "pay-button",
        "decline-button",
        "test-cards",
      ]) {
        expect(p.html).toContain(`data-testid="${id}"`)
      }
      for (const n of [
        "4242424242424242",
        "4000000000000002",
        "4000000000009995",
        "4000000000000119",
      ]) {
        expect(p.html).toContain(n)
      }
    })

    it.each([
      ["4242424242424242", "CONFIRMED", RETURN_URL],
      ["4242 4242 4242 4242", "CONFIRMED", RETURN_URL],
      ["2200000000000004", "CONFIRMED", RETURN_URL],
      ["5555555555554444", "CONFIRMED", RETURN_URL],
      ["4000000000000002", "CANCELED", FAILED_URL],
      ["4000000000009995", "CANCELED", FAILED_URL],
    ])("card %s → %s", async (number, status, location) => {
      const r = await card(number)
      expect(r.res.status).toBe(303)
      expect(r.res.headers.get("location")).toBe(location)
      expect(r.status).toBe(status)
    })

    it.each([
      ["4242424242424241", "12/34", "123", 400, "not valid"],
      ["4242424242424242", "13/34", "123", 400, "MM/YY"],
      ["4242424242424242", "01/20", "123", 400, "expired"],
      ["4242424242424242", "12/34", "12", 400, "CVC"],
      ["4000000000000119", "12/34", "123", 502, "Processing error"],
    ])(
      "card %s exp %s cvc %s: form error, still PENDING",
      async (number, expiry, cvc, code, text) => {
        const r = await card(number, expiry, cvc)
        expect(r.res.status).toBe(code)
        expect(await r.res.text()).toMatch(new RegExp(`data-testid="error">[^<]*${text}`))
        expect(r.status).toBe("PENDING")
      },
    )

    it("does not take SBP-style confirm on a card payment", async () => {
      const { redirect, transactionId } = await createPayment(sandbox, { paymentMethod: 11 })
      expect((await postForm(`${redirect}/confirm`)).status).toBe(400)
      expect((await sandbox.control.getTransaction(transactionId))!.status).toBe("PENDING")
    })
  })

  it("escapes every echoed value", async () => {
    const evil = `<script>alert("x")</script>&'`
    const { redirect } = await createPayment(sandbox, { description: evil })
    const p = await page(redirect)
    expect(p.html).not.toContain("<script>alert")
    expect(p.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;")
    const missing = await page(`${sandbox.url}/pay/<b>x</b>`)
    expect(missing.status).toBe(404)
    expect(missing.html).not.toContain("<b>x</b>")
  })

  it("a method-less link lets the payer choose SBP or card", async () => {
    const res = await api<{ url: string; transactionId: string }>(
      sandbox,
      "POST",
      "/v2/transaction/process",
      {
        paymentDetails: { amount: 10, currency: "RUB" },
        description: "Link",
        return: RETURN_URL,
        failedUrl: FAILED_URL,
      },
    )
    const choice = await page(res.body.url)
    expect(choice.html).toContain('data-testid="method-sbp"')
    expect(choice.html).toContain('data-testid="method-card"')
    const picked = await postForm(`${res.body.url}/method`, { method: "11" })
    expect(picked.status).toBe(303)
    expect((await page(res.body.url)).html).toContain('data-testid="card-number"')
    const paid = await postForm(`${res.body.url}/card`, {
      cardNumber: "4242424242424242",
      expiry: "12/34",
      cvc: "123",
    })
    expect(paid.status).toBe(303)
    const status = await api<{ status: string; paymentMethod: string }>(
      sandbox,
      "GET",
      `/transaction/${res.body.transactionId}`,
    )
    expect(status.body).toMatchObject({ status: "CONFIRMED", paymentMethod: "CardAcquiring" })
  })

  describe("subscription", () => {
    it("shows bind / decline; binding activates it and goes to the result page without a return URL", async () => {
      const { redirect, transactionId } = await createSubscription(sandbox)
      const p = await page(redirect)
      expect(p.html).toMatch(/data-testid="bind-button">\s*Bind account\s*<\/button>/)
      expect(p.html).toContain('data-testid="decline-button"')
      expect(p.html).toContain("every 1 Month")
      const res = await postForm(`${redirect}/bind`, { email: "ann@example.com" })
      expect(res.status).toBe(303)
      expect(res.headers.get("location")).toBe(`${redirect}/result`)
      const view = (await sandbox.control.getSubscription(transactionId))!
      expect(view).toMatchObject({
        status: "Active",
        customerEmail: "ann@example.com",
        chargesSuccess: 1,
      })
      const result = await page(`${redirect}/result`)
      expect(result.html).toContain('data-testid="status">Active<')
      expect((await postForm(`${redirect}/bind`)).status).toBe(409)
    })

    it("decline → Failed, 303 to failedUrl; failing renewals checkbox", async () => {
      const declined = await createSubscription(
        sandbox,
        {},
        { failedUrl: FAILED_URL, return: RETURN_URL },
      )
      const res = await postForm(`${declined.redirect}/decline`)
      expect(res.headers.get("location")).toBe(FAILED_URL)
      expect((await sandbox.control.getSubscription(declined.transactionId))!.status).toBe("Failed")

      const failing = await createSubscription(
        sandbox,
        { interval: 1, intervalCount: 1 },
        { return: RETURN_URL },
      )
      const bound = await postForm(`${failing.redirect}/bind`, { email: "", failRenewals: "1" })
      expect(bound.headers.get("location")).toBe(RETURN_URL)
      await sandbox.control.advanceClock(86_400_000)
      const view = (await sandbox.control.getSubscription(failing.transactionId))!
      expect(view).toMatchObject({ status: "PastDue", chargesSuccess: 1, chargesFailed: 1 })
    })
  })
})
