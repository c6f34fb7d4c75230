import type { RunningSandbox } from "../../types"
import { Receiver, createPayment, start, waitUntil } from "../../__tests__/helpers"

describe("sandbox: callbacks", () => {
  let sandbox: RunningSandbox
  let receiver: Receiver

  afterEach(async () => {
    await sandbox?.stop()
    await receiver?.close()
  })

  /**
   * Retries run on sandbox time: a day ahead fires every retry still queued, and the attempts it
   * starts are waited for, so what the receiver has then is all it will ever get.
   */
  const noMoreRetries = async () => {
    await sandbox.control.advanceClock(24 * 60 * 60_000)
    await sandbox.control.waitForCallbacks()
  }

  const setup = async (respond: (n: number) => number, retryMs = 100) => {
    receiver = await new Receiver(respond).listen()
    sandbox = await start({ callbackUrl: receiver.url, callbackRetryIntervalMs: retryMs })
  }

  it("POSTs the camelCase transaction callback with the merchant's headers", async () => {
    await setup(() => 200)
    const { transactionId } = await createPayment(sandbox, {}, { amount: 1234.56 })
    await sandbox.control.confirm(transactionId)
    await receiver.waitFor(1)
    await sandbox.control.waitForCallbacks()
    const [got] = receiver.received
    expect(got.headers["x-merchantid"]).toBe(sandbox.merchantId)
    expect(got.headers["x-secret"]).toBe(sandbox.secret)
    expect(got.headers["content-type"]).toBe("application/json")
    // The service writes amounts with 16 decimals.
    expect(got.body).toContain('"amount":1234.5600000000000000')
    expect(JSON.parse(got.body)).toEqual({
      id: transactionId,
      amount: 1234.56,
      currency: "RUB",
      status: "CONFIRMED",
      paymentMethod: 2,
      payload: "session_1",
    })
  })

  it("retries a 500 and stops at the first 200", async () => {
    await setup((n) => (n === 0 ? 500 : 200))
    const { transactionId } = await createPayment(sandbox)
    await sandbox.control.decline(transactionId)
    await receiver.waitFor(2)
    await sandbox.control.waitForCallbacks()
    await noMoreRetries()
    expect(receiver.received).toHaveLength(2)
    const log = await sandbox.control.callbackLog()
    expect(log.map((e) => [e.attempt, e.status, e.outcome])).toEqual([
      [1, 500, "failed"],
      [2, 200, "delivered"],
    ])
    expect(log[0].deliveryId).toBe(log[1].deliveryId)
  })

  it("makes at most 4 attempts (1 + 3 retries), the configured interval apart", async () => {
    await setup(() => 503, 150)
    const { transactionId } = await createPayment(sandbox)
    await sandbox.control.confirm(transactionId)
    await receiver.waitFor(4, 5000)
    await sandbox.control.waitForCallbacks()
    await noMoreRetries()
    expect(receiver.received).toHaveLength(4)
    const gaps = receiver.received.slice(1).map((r, k) => r.at - receiver.received[k].at)
    for (const gap of gaps) {
      expect(gap).toBeGreaterThanOrEqual(140)
      expect(gap).toBeLessThan(1000)
    }
    const log = await sandbox.control.callbackLog()
    expect(log.map((e) => e.attempt)).toEqual([1, 2, 3, 4])
    expect(log.every((e) => e.status === 503 && e.outcome === "failed")).toBe(true)
  })

  it("retries on sandbox time: advancing the clock by the default 5 minutes fires the retry", async () => {
    receiver = await new Receiver((n) => (n === 0 ? 500 : 200)).listen()
    sandbox = await start({ callbackUrl: receiver.url })
    const { transactionId } = await createPayment(sandbox)
    await sandbox.control.confirm(transactionId)
    await receiver.waitFor(1)
    await sandbox.control.waitForCallbacks()
    await sandbox.control.advanceClock(299_000)
    // A retry due by now has started: advancing the clock fires it at once.
    await sandbox.control.waitForCallbacks()
    expect(receiver.received).toHaveLength(1)
    await sandbox.control.advanceClock(1_000)
    await receiver.waitFor(2)
    await sandbox.control.waitForCallbacks()
    expect((await sandbox.control.callbackLog()).map((e) => e.outcome)).toEqual([
      "failed",
      "delivered",
    ])
  })

  it("treats a timeout and a refused connection as failures", async () => {
    receiver = await new Receiver(() => 200).listen()
    sandbox = await start({ callbackUrl: "http://127.0.0.1:1/hooks", callbackRetryIntervalMs: 50 })
    const { transactionId } = await createPayment(sandbox)
    await sandbox.control.confirm(transactionId)
    await waitUntil(async () => (await sandbox.control.callbackLog()).length >= 4, {
      what: "4 attempts in the callback log",
    })
    await noMoreRetries()
    const log = await sandbox.control.callbackLog()
    expect(log).toHaveLength(4)
    expect(log.every((e) => e.status === null && typeof e.error === "string")).toBe(true)
  })

  it("logs a skipped callback when no URL is set, and probes a URL on request", async () => {
    receiver = await new Receiver((n) => (n === 0 ? 404 : 200)).listen()
    sandbox = await start()
    const { transactionId } = await createPayment(sandbox)
    await sandbox.control.confirm(transactionId)
    await sandbox.control.waitForCallbacks()
    expect((await sandbox.control.callbackLog())[0]).toMatchObject({
      outcome: "skipped",
      url: null,
    })
    await expect(sandbox.control.setCallbackUrl(receiver.url, { probe: true })).rejects.toThrow(
      /answered 404/,
    )
    await sandbox.control.setCallbackUrl(receiver.url, { probe: true })
    expect(receiver.received.map((r) => r.body)).toEqual(["{}", "{}"])
  })

  it("re-fires the callback of a transaction on request", async () => {
    await setup(() => 200)
    const { transactionId } = await createPayment(sandbox)
    await sandbox.control.confirm(transactionId)
    await sandbox.control.fireCallback(transactionId)
    await receiver.waitFor(2)
    await sandbox.control.waitForCallbacks()
    const [a, b] = receiver.bodies()
    expect(a).toEqual(b)
    expect((await sandbox.control.callbackLog()).map((e) => e.deliveryId)).toEqual([1, 2])
  })

  it("fires CANCELED when the batch job cancels an unpaid payment hours after expiry", async () => {
    await setup(() => 200)
    const { transactionId } = await createPayment(sandbox)
    await sandbox.control.advanceClock(30 * 60_000)
    expect((await sandbox.control.getTransaction(transactionId))!.status).toBe("PENDING")
    await sandbox.control.advanceClock(3 * 60 * 60_000 - 1000)
    expect((await sandbox.control.getTransaction(transactionId))!.status).toBe("PENDING")
    await sandbox.control.advanceClock(1000)
    expect((await sandbox.control.getTransaction(transactionId))!.status).toBe("CANCELED")
    await receiver.waitFor(1)
    await sandbox.control.waitForCallbacks()
    expect(receiver.bodies()[0]).toMatchObject({ id: transactionId, status: "CANCELED" })
  })
})
