import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { STATE_FILE } from "../persistence"
import type { RunningSandbox } from "../types"
import { Receiver, api, createPayment, createSubscription, postForm, start } from "./helpers"

// A sandbox given a data directory keeps its state across a restart: a payer who paid just before
// the restart still finds the payment, and callbacks still owed are still sent.

const RETRY_MS = 60_000
const MONTH = 31 * 86_400_000

describe("sandbox: state that survives a restart (dataDir)", () => {
  jest.setTimeout(60_000)
  let dir: string
  let receiver: Receiver
  const running: RunningSandbox[] = []

  const boot = async (extra: Record<string, unknown> = {}) => {
    const sb = await start({ dataDir: dir, seed: 21, callbackRetryIntervalMs: RETRY_MS, ...extra })
    running.push(sb)
    return sb
  }

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "platega-sandbox-state-"))
    receiver = await new Receiver().listen()
  })
  afterEach(async () => {
    for (const sb of running.splice(0)) await sb.stop()
    await receiver.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it("reads transactions, subscriptions, balances, settings and owed callbacks back", async () => {
    // The first delivery fails, so a retry is owed when the sandbox stops.
    receiver.setResponder((n) => (n === 0 ? 500 : 200))
    const a = await boot({ callbackUrl: receiver.url })
    const paid = await createPayment(a, { description: "Paid just before the restart" })
    expect((await postForm(`${paid.redirect}/confirm`)).status).toBe(303)
    await a.control.waitForCallbacks()
    expect(receiver.received).toHaveLength(1)
    const unpaid = await createPayment(a, { paymentMethod: 11 })
    const sub = await createSubscription(a, { interval: 3, intervalCount: 1 })
    await a.control.bindSubscription(sub.transactionId, { email: "ann@example.com" })
    await a.control.configure({ merchantName: "Kept Merchant" })
    await a.control.waitForCallbacks()
    const before = {
      paid: await a.control.getTransaction(paid.transactionId),
      unpaid: await a.control.getTransaction(unpaid.transactionId),
      sub: await a.control.getSubscription(sub.transactionId),
      balances: await a.control.balances(),
    }
    const delivered = receiver.received.length
    await a.stop()
    expect(fs.existsSync(path.join(dir, STATE_FILE))).toBe(true)

    const b = await boot()
    // The restarted sandbox answers the payer and the store as before.
    const status = await api<{ status: string; description: string; paymentDetails: unknown }>(
      b,
      "GET",
      `/transaction/${paid.transactionId}`,
    )
    expect(status.status).toBe(200)
    expect(status.body).toMatchObject({
      status: "CONFIRMED",
      description: "Paid just before the restart",
      paymentDetails: { amount: 1500, currency: "RUB" },
      merchantName: "Kept Merchant",
    })
    expect(await b.control.getTransaction(paid.transactionId)).toEqual(before.paid)
    expect(await b.control.getTransaction(unpaid.transactionId)).toEqual(before.unpaid)
    expect(await b.control.getSubscription(sub.transactionId)).toEqual({
      ...before.sub,
      payerCancelUrl: `${b.url}/subscription/${sub.transactionId}/cancel-by-payer`,
    })
    expect(await b.control.balances()).toEqual(before.balances)
    expect((await b.control.callbackLog()).length).toBeGreaterThan(0)
    expect(
      (await fetch(`${b.url}/_sandbox/callback-url`).then((r) => r.json())) as unknown,
    ).toEqual({
      url: receiver.url,
    })

    // The owed retry goes out when it is due.
    await b.control.advanceClock(RETRY_MS)
    await b.control.waitForCallbacks()
    const retried = receiver.received
      .slice(delivered)
      .map((r) => JSON.parse(r.body) as { id?: string; status?: string })
    expect(retried).toContainEqual(
      expect.objectContaining({ id: paid.transactionId, status: "CONFIRMED" }),
    )

    // Timers are set again: the next charge, and the batch that cancels the unpaid payment.
    await b.control.advanceClock(MONTH)
    await b.control.waitForCallbacks()
    expect((await b.control.getSubscription(sub.transactionId))!.chargesSuccess).toBe(2)
    expect((await b.control.getTransaction(unpaid.transactionId))!.status).toBe("CANCELED")

    // New ids do not repeat old ones (the seeded id stream goes on).
    const fresh = await createPayment(b)
    expect([paid.transactionId, unpaid.transactionId, sub.transactionId]).not.toContain(
      fresh.transactionId,
    )
  })

  it("keeps the conversions and the rates; a file saved before conversions existed loads", async () => {
    const a = await boot()
    await a.control.configure({ methodRates: { "13": { RUB: 91.8 } } })
    const made = await a.control.convert({ currency: "RUB", amount: 925 })
    await a.stop()
    const b = await boot()
    expect(await b.control.conversions()).toEqual([made])
    expect((await b.control.convert({ currency: "RUB", amount: 1 })).id).toBe(2)
    const rate = await api<{ rate: number }>(
      b,
      "GET",
      "/rates/payment_method_rate?paymentMethod=13&currencyFrom=USDT&currencyTo=RUB",
    )
    expect(rate.body.rate).toBe(91.8)
    await b.stop()
    const file = path.join(dir, STATE_FILE)
    const { conversions: _dropped, ...older } = JSON.parse(fs.readFileSync(file, "utf8")) as Record<
      string,
      unknown
    >
    fs.writeFileSync(file, JSON.stringify(older))
    const c = await boot()
    expect(await c.control.conversions()).toEqual([])
  })

  it("the CLI's callback URL wins over the saved one; reset() empties the saved state", async () => {
    const a = await boot({ callbackUrl: receiver.url })
    const tx = await createPayment(a)
    await a.stop()
    const b = await boot({ callbackUrl: "http://127.0.0.1:9/other" })
    expect(await fetch(`${b.url}/_sandbox/callback-url`).then((r) => r.json())).toEqual({
      url: "http://127.0.0.1:9/other",
    })
    expect(await b.control.getTransaction(tx.transactionId)).toBeDefined()
    await b.control.reset()
    await b.stop()
    const c = await boot()
    expect(await c.control.getTransaction(tx.transactionId)).toBeUndefined()
  })

  it("refuses to start on a state file it cannot read, naming it", async () => {
    fs.writeFileSync(path.join(dir, STATE_FILE), "{ not json")
    await expect(start({ dataDir: dir })).rejects.toThrow(
      new RegExp(`cannot load the sandbox state from .*${STATE_FILE}`),
    )
  })
})
