import type { RunningSandbox } from "../../types"
import {
  api,
  paymentBody,
  createPayment,
  createSubscription,
  postForm,
  useSandbox,
} from "../../__tests__/helpers"

// The merchant dashboard at /: what is there, and what its buttons do.

async function dashboard(sandbox: RunningSandbox, query = "", lang = "en") {
  const res = await fetch(`${sandbox.url}/${query}`, { headers: { "Accept-Language": lang } })
  return { status: res.status, html: await res.text() }
}

/** Presses a dashboard button: the POST, then the page it leads back to. */
async function press(sandbox: RunningSandbox, path: string) {
  const res = await postForm(`${sandbox.url}/dashboard/${path}`)
  expect(res.status).toBe(303)
  const location = res.headers.get("location")!
  expect(location).toMatch(/^\/\?/)
  const notice = new URL(location, sandbox.url).searchParams
  return { ok: notice.get("ok") === "1", notice: notice.get("notice")!, location }
}

describe("sandbox: the merchant dashboard", () => {
  let sandbox: RunningSandbox

  useSandbox((s) => (sandbox = s))

  it("answers / with recent transactions, subscriptions, balances and callbacks, in both languages", async () => {
    const tx = await createPayment(sandbox, { description: "Dashboard order" })
    const sub = await createSubscription(sandbox)
    const en = await dashboard(sandbox)
    expect(en.status).toBe(200)
    expect(en.html).toContain("Merchant dashboard")
    expect(en.html).toContain(`data-id="${tx.transactionId}"`)
    expect(en.html).toContain("Dashboard order")
    expect(en.html).toContain(`data-id="${sub.transactionId}"`)
    expect(en.html).toContain('data-testid="balance-row"')
    const ru = await dashboard(sandbox, "", "ru-RU,ru")
    expect(ru.html).toContain("Личный кабинет мерчанта")
    expect(ru.html).toContain("Подтвердить")
  })

  it("marks a payment link, whose payer picks the method, and links its payer page", async () => {
    const res = await api<{ transactionId: string }>(
      sandbox,
      "POST",
      "/v2/transaction/process",
      paymentBody({ paymentMethod: undefined, description: "Order #7 balance" }),
    )
    const id = res.body.transactionId
    const en = await dashboard(sandbox)
    const row = en.html.slice(en.html.indexOf(`data-id="${id}"`))
    expect(row).toContain("payment link (the payer picks the method)")
    expect(row).toContain("payer&#39;s choice")
    expect(row).toContain(`href="/pay/${id}"`)
    const ru = await dashboard(sandbox, "", "ru")
    expect(ru.html).toContain("ссылка на оплату (способ выбирает плательщик)")
  })

  it("confirm, decline, refund and send the callback again; shows the answers", async () => {
    const a = await createPayment(sandbox)
    const b = await createPayment(sandbox)
    const confirmed = await press(sandbox, `transactions/${a.transactionId}/confirm`)
    expect(confirmed).toMatchObject({
      ok: true,
      notice: `Transaction ${a.transactionId} confirmed.`,
    })
    expect((await sandbox.control.getTransaction(a.transactionId))!.status).toBe("CONFIRMED")
    await press(sandbox, `transactions/${b.transactionId}/decline`)
    expect((await sandbox.control.getTransaction(b.transactionId))!).toMatchObject({
      status: "CANCELED",
      declineReason: "control",
    })
    const refunded = await press(sandbox, `transactions/${a.transactionId}/refund`)
    expect(refunded).toMatchObject({
      ok: true,
      notice: expect.stringContaining("Refund accepted."),
    })
    expect((await sandbox.control.getTransaction(a.transactionId))!.status).toBe("CHARGEBACKED")
    await sandbox.control.waitForCallbacks()
    const sent = (await sandbox.control.callbackLog()).filter(
      (e) => e.subjectId === a.transactionId,
    )
    await press(sandbox, `transactions/${a.transactionId}/callback`)
    await sandbox.control.waitForCallbacks()
    expect(
      (await sandbox.control.callbackLog()).filter((e) => e.subjectId === a.transactionId),
    ).toHaveLength(sent.length + 1)

    // The notice is shown, and the callbacks about one transaction with their answers.
    const page = await dashboard(sandbox, `?subject=${a.transactionId}&ok=1&notice=Done`)
    expect(page.html).toMatch(/data-testid="notice">\s*Done\s*</)
    const rows = page.html.match(/data-testid="callback-row" data-subject="([^"]+)"/g)!
    expect(rows.length).toBe(sent.length + 1)
    expect(rows.every((r) => r.includes(a.transactionId))).toBe(true)
    expect(page.html).toContain('data-testid="callback-http-status">200<')
    expect(page.html).toContain("<code>ok</code>") // the receiver's answer body
  })

  it("a refused action comes back as a notice, and changes nothing", async () => {
    const tx = await createPayment(sandbox)
    const refused = await press(sandbox, `transactions/${tx.transactionId}/refund`)
    expect(refused.ok).toBe(false)
    expect(refused.notice).toMatch(/^Not done: .*cannot be cancelled/)
    expect((await sandbox.control.getTransaction(tx.transactionId))!.status).toBe("PENDING")
    expect(
      (await postForm(`${sandbox.url}/dashboard/transactions/${tx.transactionId}/explode`)).status,
    ).toBe(404)
  })

  it("charges a subscription now and cancels it", async () => {
    const sub = await createSubscription(sandbox)
    await sandbox.control.bindSubscription(sub.transactionId)
    await press(sandbox, `subscriptions/${sub.transactionId}/charge`)
    expect((await sandbox.control.getSubscription(sub.transactionId))!.chargesSuccess).toBe(2)
    await press(sandbox, `subscriptions/${sub.transactionId}/cancel`)
    expect(await sandbox.control.getSubscription(sub.transactionId)).toMatchObject({
      status: "Cancelled",
      cancelledBy: "merchant",
    })
    const page = await dashboard(sandbox, "?lang=ru")
    expect(page.html).toContain(`data-id="${sub.transactionId}"`)
    expect(page.html).toContain('<html lang="ru">')
  })
})
