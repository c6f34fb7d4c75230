import type { RunningSandbox } from "../../types"
import type { CancelSupport as Support } from "../engine"
import { Receiver, api, createPayment, useSandbox } from "../../__tests__/helpers"

describe("sandbox: refunds and balances", () => {
  let sandbox: RunningSandbox
  let receiver: Receiver

  const rub = async () =>
    (
      await api<{ currency: string; amount: number; frozenBalance: number }[]>(
        sandbox,
        "GET",
        "/balance/all",
      )
    ).body.find((b) => b.currency === "RUB")!

  const paid = async (amount = 1000) => {
    const { transactionId } = await createPayment(sandbox, { paymentMethod: 11 }, { amount })
    await sandbox.control.confirm(transactionId)
    return transactionId
  }

  useSandbox((s, r) => ([sandbox, receiver] = [s, r]), {}, { resetEach: true })

  it("GET /balance/all lists RUB and USDT with frozenBalance; opening RUB 100000", async () => {
    const res = await api(sandbox, "GET", "/balance/all")
    expect(res.status).toBe(200)
    expect(res.body).toEqual([
      { amount: 100000, currency: "RUB", frozenBalance: 0 },
      { amount: 0, currency: "USDT", frozenBalance: 0 },
    ])
  })

  it("a confirmed payment credits the amount less 3 % commission", async () => {
    await paid(1000)
    expect((await rub()).amount).toBe(100970)
  })

  it("cancel-supported: full amount, commission as penalty", async () => {
    const id = await paid(1000)
    const res = await api<Support>(sandbox, "GET", `/transaction/${id}/cancel-supported`)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      supported: true,
      totalDeductUsdt: 10.81,
      penaltyUsdt: 0.32,
      penaltyNativeAmount: 30,
      penaltyNativeCurrency: "RUB",
      penaltyConversionRate: 92.5,
      blockReason: null,
    })
  })

  it("cancel → CHARGEBACKED, balance debited the full amount, CHARGEBACKED callback", async () => {
    const id = await paid(1000)
    const res = await api(sandbox, "POST", `/transaction/${id}/cancel`)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      transactionId: id,
      accepted: true,
      manualControlRequired: false,
      message: "Refund accepted.",
    })
    const status = await api<{ status: string; refundStatus: string }>(
      sandbox,
      "GET",
      `/transaction/${id}`,
    )
    expect(status.body).toMatchObject({ status: "CHARGEBACKED", refundStatus: "COMPLETED" })
    expect((await rub()).amount).toBe(100970 - 1000)
    await sandbox.control.waitForCallbacks()
    expect(receiver.bodies().map((b) => b.status)).toEqual(["CONFIRMED", "CHARGEBACKED"])
    // A second cancel is refused.
    expect((await api(sandbox, "POST", `/transaction/${id}/cancel`)).status).toBe(400)
  })

  it("refuses PENDING payments with a text/plain 400 (like the service)", async () => {
    const { transactionId } = await createPayment(sandbox)
    const support = await api<Support>(
      sandbox,
      "GET",
      `/transaction/${transactionId}/cancel-supported`,
    )
    expect(support.body).toMatchObject({
      supported: false,
      blockReason: "TRANSACTION_NOT_CONFIRMED",
    })
    const res = await api(sandbox, "POST", `/transaction/${transactionId}/cancel`)
    expect(res.status).toBe(400)
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/)
    expect(res.text).toMatch(/cannot be cancelled \(PENDING\)/)
  })

  it("answers JSON errors when cancelErrorsAsText is off", async () => {
    await sandbox.control.configure({ cancelErrorsAsText: false })
    const { transactionId } = await createPayment(sandbox)
    const res = await api<{ code: string }>(sandbox, "POST", `/transaction/${transactionId}/cancel`)
    expect(res.status).toBe(400)
    expect(res.body.code).toBe("Transaction:CANCEL_NOT_SUPPORTED")
  })

  it("refuses when the balance does not cover the full amount", async () => {
    const id = await paid(1000)
    await sandbox.control.setBalance("RUB", 999.99)
    const support = await api<Support>(sandbox, "GET", `/transaction/${id}/cancel-supported`)
    expect(support.body).toMatchObject({ supported: false, blockReason: "INSUFFICIENT_BALANCE" })
    expect((await api(sandbox, "POST", `/transaction/${id}/cancel`)).status).toBe(400)
    expect((await sandbox.control.getTransaction(id))!.status).toBe("CONFIRMED")
  })

  it("amounts from the manual-control threshold (50000) need manual control; approve → CHARGEBACKED", async () => {
    const id = await paid(50_000)
    const res = await api(sandbox, "POST", `/transaction/${id}/cancel`)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      transactionId: id,
      accepted: false,
      manualControlRequired: true,
    })
    const frozen = await rub()
    expect(frozen.frozenBalance).toBe(50_000)
    expect(
      (await api<{ status: string; refundStatus: string }>(sandbox, "GET", `/transaction/${id}`))
        .body,
    ).toMatchObject({
      status: "CONFIRMED",
      refundStatus: "MANUAL_CONTROL",
    })
    const again = await api<Support>(sandbox, "GET", `/transaction/${id}/cancel-supported`)
    expect(again.body.blockReason).toBe("REFUND_IN_PROGRESS")
    await sandbox.control.approveRefund(id)
    const after = await rub()
    expect(after.frozenBalance).toBe(0)
    expect(after.amount).toBe(frozen.amount)
    expect((await sandbox.control.getTransaction(id))!.status).toBe("CHARGEBACKED")
  })

  it("just below the threshold is refunded at once; a rejected manual refund unfreezes the money", async () => {
    const small = await paid(49_999.99)
    expect(
      (await api<{ accepted: boolean }>(sandbox, "POST", `/transaction/${small}/cancel`)).body
        .accepted,
    ).toBe(true)
    await sandbox.control.configure({ forceManualControl: true })
    const id = await paid(10)
    const before = await rub()
    await api(sandbox, "POST", `/transaction/${id}/cancel`)
    await sandbox.control.rejectRefund(id)
    const after = await rub()
    expect(after).toEqual(before)
    const view = await sandbox.control.getTransaction(id)
    expect(view).toMatchObject({ status: "CONFIRMED", refundStatus: "REJECTED" })
  })

  it("a chargeback (dispute) debits even below zero", async () => {
    const id = await paid(1000)
    await sandbox.control.setBalance("RUB", 0)
    await sandbox.control.chargeback(id)
    expect((await rub()).amount).toBe(-1000)
    await expect(sandbox.control.chargeback(id)).rejects.toThrow(/CHARGEBACKED, not CONFIRMED/)
  })

  it("404 for unknown ids", async () => {
    const missing = "33333333-3333-4333-8333-333333333333"
    expect((await api(sandbox, "GET", `/transaction/${missing}/cancel-supported`)).status).toBe(404)
    expect((await api(sandbox, "POST", `/transaction/${missing}/cancel`)).status).toBe(404)
  })
})
