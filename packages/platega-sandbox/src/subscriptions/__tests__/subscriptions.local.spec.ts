import type { RunningSandbox } from "../../types"
import { Receiver, api, createSubscription, useSandbox } from "../../__tests__/helpers"

const DAY = 86_400_000

interface ListBody {
  items: Record<string, unknown>[]
  total: number
  page: number
  size: number
}

describe("sandbox: subscriptions", () => {
  let sandbox: RunningSandbox
  let receiver: Receiver

  useSandbox(
    (s, r) => ([sandbox, receiver] = [s, r]),
    { callbackRetryIntervalMs: 20 },
    { resetEach: true },
  )

  it("method 6 answers the subscription form of the create response", async () => {
    const res = await api<Record<string, unknown>>(sandbox, "POST", "/transaction/process", {
      paymentMethod: 6,
      paymentDetails: { amount: 299, currency: "RUB", interval: 3, intervalCount: 1 },
      description: "Monthly plan",
    })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      paymentMethod: "Subscription",
      transactionId: expect.any(String),
      redirect: `${sandbox.url}/pay/${res.body.transactionId}`,
      status: "PENDING",
      merchantId: sandbox.merchantId,
    })
    const single = await api<Record<string, unknown>>(
      sandbox,
      "GET",
      `/subscription/${res.body.transactionId}`,
    )
    expect(single.body.status).toBe("PendingAgreement")
  })

  it('accepts the interval as an integer or as the string "1".."4"', async () => {
    const a = await createSubscription(sandbox, { interval: "2", intervalCount: 4 })
    const single = await api<{ intervalUnit: string; intervalCount: number }>(
      sandbox,
      "GET",
      `/subscription/${a.transactionId}`,
    )
    expect(single.body).toMatchObject({ intervalUnit: "Week", intervalCount: 4 })
  })

  it.each([
    ["interval 5", { interval: 5 }, "paymentDetails.interval"],
    ["interval text", { interval: "month" }, "paymentDetails.interval"],
    ["32 days", { interval: 1, intervalCount: 32 }, "paymentDetails.intervalCount"],
    ["5 weeks", { interval: 2, intervalCount: 5 }, "paymentDetails.intervalCount"],
    ["13 months", { interval: 3, intervalCount: 13 }, "paymentDetails.intervalCount"],
    ["4 years", { interval: 4, intervalCount: 4 }, "paymentDetails.intervalCount"],
    ["0 count", { intervalCount: 0 }, "paymentDetails.intervalCount"],
    ["missing interval", { interval: undefined }, "paymentDetails.interval"],
  ])("refuses %s", async (_name, details, key) => {
    const res = await api<{ data: { key: string }[] }>(sandbox, "POST", "/transaction/process", {
      paymentMethod: 6,
      paymentDetails: { amount: 299, currency: "RUB", interval: 3, intervalCount: 1, ...details },
      description: "Plan",
    })
    expect(res.status).toBe(400)
    expect(res.body.data.map((d) => d.key)).toContain(key)
  })

  it.each([
    [1, 31],
    [2, 4],
    [3, 12],
    [4, 3],
  ])("accepts interval %i up to %i units", async (interval, max) => {
    await expect(
      createSubscription(sandbox, { interval, intervalCount: max }),
    ).resolves.toBeDefined()
  })

  it("bind → Active, activation callback, first charge at once with a new transaction id", async () => {
    const { transactionId: id } = await createSubscription(sandbox)
    const view = await sandbox.control.bindSubscription(id, { email: "ann@example.com" })
    expect(view.status).toBe("Active")
    expect(view.chargeIds).toHaveLength(1)
    expect(view.chargeIds[0]).not.toBe(id)
    await sandbox.control.waitForCallbacks()
    const bodies = receiver.bodies()
    expect(bodies[0]).toMatchObject({
      Id: id,
      SubscriptionId: id,
      Status: "SUBSCRIPTION_ACTIVATED",
      PaymentMethod: 6,
    })
    expect(bodies[1]).toEqual({
      Id: view.chargeIds[0],
      Amount: 299,
      Currency: "RUB",
      Status: "CONFIRMED",
      PaymentMethod: 6,
      Payload: null,
      SubscriptionId: id,
      NextChargeAt: view.nextChargeAt,
    })
    const charge = await api<{ status: string; paymentMethod: string }>(
      sandbox,
      "GET",
      `/transaction/${view.chargeIds[0]}`,
    )
    expect(charge.body).toMatchObject({ status: "CONFIRMED", paymentMethod: "Subscription" })
  })

  it("the single read has text forms and charge metrics; the list has integers and paging", async () => {
    const { transactionId: id } = await createSubscription(sandbox, { amount: 100 })
    await sandbox.control.bindSubscription(id, { email: "ann@example.com" })
    const single = await api<Record<string, unknown>>(sandbox, "GET", `/subscription/${id}`)
    expect(single.body).toEqual({
      id,
      status: "Active",
      amount: 100,
      currencyCode: "RUB",
      intervalUnit: "Month",
      intervalCount: 1,
      startAt: expect.any(String),
      nextChargeAt: expect.any(String),
      lastChargeAt: expect.any(String),
      description: "Monthly plan",
      createdAt: expect.any(String),
      customerEmail: "ann@example.com",
      chargeMetrics: {
        chargesTotal: 1,
        chargesSuccess: 1,
        chargesFailed: 0,
        totalAmount: 100,
        lastChargeAt: expect.any(String),
        nextChargeAt: expect.any(String),
      },
    })
    await createSubscription(sandbox)
    await createSubscription(sandbox)
    const list = await api<ListBody>(sandbox, "GET", "/subscription?page=1&size=2")
    expect(list.body.total).toBe(3)
    expect(list.body.items).toHaveLength(2)
    expect(list.body).toMatchObject({ page: 1, size: 2 })
    const page2 = await api<ListBody>(sandbox, "GET", "/subscription?page=2&size=2")
    expect(page2.body.items).toHaveLength(1)
    const active = await api<ListBody>(sandbox, "GET", "/subscription?status=1")
    expect(active.body.total).toBe(1)
    expect(active.body.items[0]).toMatchObject({
      id,
      status: 1,
      intervalUnit: 3,
      chargesCount: 1,
      currencyCode: "RUB",
    })
    const pending = await api<ListBody>(sandbox, "GET", "/subscription?status=0")
    expect(pending.body.items.every((i) => i.status === 0 && i.nextChargeAt === null)).toBe(true)
    expect((await api(sandbox, "GET", "/subscription?status=9")).status).toBe(400)
    expect((await api(sandbox, "GET", "/subscription?size=1000")).status).toBe(400)
  })

  it("charges every interval as sandbox time passes, each with a new id", async () => {
    const { transactionId: id } = await createSubscription(sandbox, {
      interval: 1,
      intervalCount: 2,
    })
    await sandbox.control.bindSubscription(id)
    await sandbox.control.advanceClock(6 * DAY + 1000)
    const view = (await sandbox.control.getSubscription(id))!
    expect(view.chargesSuccess).toBe(4) // day 0, 2, 4, 6
    expect(new Set(view.chargeIds).size).toBe(4)
    expect(Date.parse(view.nextChargeAt!) - Date.parse(view.startAt!)).toBe(8 * DAY)
    await sandbox.control.waitForCallbacks()
    const charges = receiver.bodies().filter((b) => b.Status === "CONFIRMED")
    expect(charges.map((c) => c.Id)).toEqual(view.chargeIds)
  })

  it("keeps month ends when charging monthly", async () => {
    const { transactionId: id } = await createSubscription(sandbox, {
      interval: 3,
      intervalCount: 1,
    })
    await sandbox.control.bindSubscription(id)
    await sandbox.control.advanceClock(95 * DAY)
    const view = (await sandbox.control.getSubscription(id))!
    expect(view.chargesSuccess).toBe(4)
    expect(new Date(view.nextChargeAt!).getUTCDate()).toBeLessThanOrEqual(
      new Date(view.startAt!).getUTCDate(),
    )
  })

  it("a failed charge makes it PastDue, no retry, charge callback CANCELED with NextChargeAt null", async () => {
    const { transactionId: id } = await createSubscription(sandbox, {
      interval: 1,
      intervalCount: 1,
    })
    await sandbox.control.bindSubscription(id)
    await sandbox.control.failNextCharges(id, 1)
    await sandbox.control.advanceClock(3 * DAY)
    const view = (await sandbox.control.getSubscription(id))!
    expect(view.status).toBe("PastDue")
    expect(view.chargesFailed).toBe(1)
    expect(view.chargesSuccess).toBe(1)
    expect(view.nextChargeAt).toBeNull()
    await sandbox.control.waitForCallbacks()
    const bodies = receiver.bodies()
    const failed = bodies.find((b) => b.Status === "CANCELED")
    expect(failed).toMatchObject({ SubscriptionId: id, NextChargeAt: null })
    expect(bodies[bodies.length - 1]).toMatchObject({ Id: id, Status: "SUBSCRIPTION_PAST_DUE" })
    const tx = await api<{ status: string }>(sandbox, "GET", `/transaction/${failed!.Id}`)
    expect(tx.body.status).toBe("CANCELED")
    const list = await api<ListBody>(sandbox, "GET", "/subscription?status=2")
    expect(list.body.items.map((i) => i.id)).toEqual([id])
  })

  it("not bound within 30 minutes → Failed with SUBSCRIPTION_FAILED", async () => {
    const { transactionId: id } = await createSubscription(sandbox)
    await sandbox.control.advanceClock(29 * 60_000)
    expect((await sandbox.control.getSubscription(id))!.status).toBe("PendingAgreement")
    await sandbox.control.advanceClock(2 * 60_000)
    expect((await sandbox.control.getSubscription(id))!.status).toBe("Failed")
    await sandbox.control.waitForCallbacks()
    expect(receiver.bodies()).toEqual([
      expect.objectContaining({ Id: id, Status: "SUBSCRIPTION_FAILED", NextChargeAt: null }),
    ])
    await expect(sandbox.control.bindSubscription(id)).rejects.toThrow(/Failed/)
  })

  it("cancel is idempotent and answers { subscriptionId, status } with the status in lower case, as documented", async () => {
    const { transactionId: id } = await createSubscription(sandbox)
    await sandbox.control.bindSubscription(id)
    const first = await api(sandbox, "POST", `/subscription/${id}/cancel`)
    const second = await api(sandbox, "POST", `/subscription/${id}/cancel`)
    expect(first.status).toBe(200)
    expect(first.body).toEqual({ subscriptionId: id, status: "cancelled" })
    expect(second.body).toEqual(first.body)
    // The reads keep the textual form.
    const single = await api<{ status: string }>(sandbox, "GET", `/subscription/${id}`)
    expect(single.body.status).toBe("Cancelled")
    await sandbox.control.advanceClock(40 * DAY)
    const view = (await sandbox.control.getSubscription(id))!
    expect(view.chargesTotal).toBe(1)
    expect(view.nextChargeAt).toBeNull()
    await sandbox.control.waitForCallbacks()
    expect(receiver.bodies().filter((b) => b.Status === "SUBSCRIPTION_CANCELLED")).toHaveLength(1)
  })

  it("cancel of a Failed subscription answers its status, in lower case too", async () => {
    const { transactionId: id } = await createSubscription(sandbox)
    await sandbox.control.declineSubscription(id)
    const res = await api(sandbox, "POST", `/subscription/${id}/cancel`)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ subscriptionId: id, status: "failed" })
  })

  it("answers 404 for unknown subscriptions", async () => {
    const missing = "22222222-2222-4222-8222-222222222222"
    expect((await api(sandbox, "GET", `/subscription/${missing}`)).status).toBe(404)
    expect((await api(sandbox, "POST", `/subscription/${missing}/cancel`)).status).toBe(404)
  })

  it("credits every successful charge net of commission", async () => {
    const before = (await sandbox.control.balances()).find((b) => b.currency === "RUB")!.amount
    const { transactionId: id } = await createSubscription(sandbox, {
      amount: 1000,
      interval: 2,
      intervalCount: 1,
    })
    await sandbox.control.bindSubscription(id)
    await sandbox.control.advanceClock(7 * 86_400_000)
    const after = (await sandbox.control.balances()).find((b) => b.currency === "RUB")!.amount
    expect(after - before).toBeCloseTo(2 * 970, 2)
  })
})
