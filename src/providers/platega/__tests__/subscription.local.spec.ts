import { PaymentSessionStatus } from "@medusajs/framework/utils"
import { startSandbox, type RunningSandbox } from "platega-sandbox"
import { PlategaSubscriptionService } from "../services/subscription"

// The subscription provider on its own (no Medusa app), talking to the sandbox over real HTTP.
let sandbox: RunningSandbox
let provider: PlategaSubscriptionService
const logger = { debug: jest.fn(), info: jest.fn(), warn: jest.fn(), error: jest.fn() }
const MONTHLY = { interval: "month", interval_count: 1 }

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, quiet: true })
  provider = new PlategaSubscriptionService(
    { logger } as never,
    {
      merchantId: sandbox.merchantId,
      secret: sandbox.secret,
      baseUrl: sandbox.url,
      returnUrl: "https://shop.example/return",
    } as never,
  )
})

afterAll(() => sandbox.stop())
beforeEach(() => sandbox.control.reset())

function subscribe(amount = "1490", plan: unknown = MONTHLY) {
  return provider.initiatePayment({
    amount,
    currency_code: "rub",
    data: {
      session_id: "payses_01TESTSESSION0000000000",
      plan,
      store_name: "Зерно",
      order_title: "Кофе по подписке",
      pay: true,
    },
  })
}

const status = (data: Record<string, unknown> | undefined) =>
  provider.authorizePayment({ data: data ?? {} })

describe("the checkout's subscription", () => {
  it("creates no subscription while the method is only chosen", async () => {
    const chosen = await provider.initiatePayment({
      amount: "1490",
      currency_code: "rub",
      data: { session_id: "payses_01TESTSESSION0000000001", plan: MONTHLY },
    })
    expect(chosen.data).toMatchObject({ plan: MONTHLY, amount: "1490.00", payment_method: 6 })
    expect(chosen.data?.subscription_id).toBeUndefined()
    const res = await fetch(`${sandbox.url}/_sandbox/subscriptions`)
    expect(await res.json()).toHaveLength(0)
    expect((await provider.getPaymentStatus({ data: chosen.data! })).status).toBe(
      PaymentSessionStatus.PENDING,
    )
    await expect(status(chosen.data)).rejects.toThrow(/no Platega subscription yet/)
  })

  it("creates a method-6 subscription with the plan, the session id as payload, and words for the payer", async () => {
    const out = await subscribe()
    expect(out.status).toBe(PaymentSessionStatus.PENDING)
    expect(out.data).toMatchObject({
      subscription_id: out.id,
      payment_method: 6,
      amount: "1490.00",
      currency: "RUB",
      plan: MONTHLY,
      redirect: expect.stringContaining(`/pay/${out.id}`),
    })
    expect(out.data?.transaction_id).toBeUndefined()
    const sub = await sandbox.control.getSubscription(out.id)
    expect(sub).toMatchObject({
      status: "PendingAgreement",
      intervalUnitCode: 3,
      intervalCount: 1,
      amount: 1490,
      // Platega repeats the payload on every charge: what ties a charge to this checkout.
      payload: "payses_01TESTSESSION0000000000",
      description: "Зерно: Кофе по подписке, раз в месяц",
    })
  })

  it("refuses a session without a valid plan, before calling Platega", async () => {
    await expect(subscribe("1490", null)).rejects.toThrow(/no valid plan/)
    await expect(subscribe("1490", { interval: "week", interval_count: 5 })).rejects.toThrow(
      /no valid plan/,
    )
    expect((await sandbox.control.callbackLog()).length).toBe(0)
    const list = await fetch(`${sandbox.url}/_sandbox/subscriptions`)
    expect(await list.json()).toEqual([])
  })

  it("is pending until bound and charged, then captured", async () => {
    const out = await subscribe()
    expect((await status(out.data)).status).toBe(PaymentSessionStatus.PENDING)
    await sandbox.control.bindSubscription(out.id)
    const paid = await status(out.data)
    expect(paid.status).toBe(PaymentSessionStatus.CAPTURED)
    expect(paid.data).toMatchObject({ platega_status: "Active", charges_success: 1 })
    // A charge that failed later does not undo the first one.
    await sandbox.control.chargeSubscription(out.id, "fail")
    expect((await status(out.data)).status).toBe(PaymentSessionStatus.CAPTURED)
  })

  it("is cancelled when never bound (Failed) or when its first charge failed", async () => {
    const unbound = await subscribe()
    await sandbox.control.advanceClock(31 * 60_000)
    expect((await status(unbound.data)).status).toBe(PaymentSessionStatus.CANCELED)

    const failing = await subscribe()
    await sandbox.control.failNextCharges(failing.id, 1)
    await sandbox.control.bindSubscription(failing.id)
    expect((await status(failing.data)).status).toBe(PaymentSessionStatus.CANCELED)
  })

  it("cancels an unbound subscription at Platega, and refuses to cancel a charged one", async () => {
    const unbound = await subscribe()
    const cancelled = await provider.cancelPayment({ data: unbound.data! })
    expect(cancelled.data?.platega_status).toBe("Cancelled")
    expect((await sandbox.control.getSubscription(unbound.id))?.status).toBe("Cancelled")

    const charged = await subscribe()
    await sandbox.control.bindSubscription(charged.id)
    await expect(provider.cancelPayment({ data: charged.data! })).rejects.toThrow(
      /already charged; refund the charge/,
    )
    expect((await sandbox.control.getSubscription(charged.id))?.status).toBe("Active")
  })

  it("a new amount starts a new subscription and leaves the unbound one to fail on its own", async () => {
    const first = await subscribe("1490")
    const updated = await provider.updatePayment({
      amount: "2980",
      currency_code: "rub",
      data: first.data!,
    })
    expect(updated.data?.subscription_id).not.toBe(first.id)
    // Never cancelled behind the payer: a first charge may land at that very moment.
    expect((await sandbox.control.getSubscription(first.id))?.status).toBe("PendingAgreement")
    expect(
      await sandbox.control.getSubscription(updated.data!.subscription_id as string),
    ).toMatchObject({ status: "PendingAgreement", amount: 2980 })
  })

  it("refunds the first charge only once it is known", async () => {
    const out = await subscribe()
    await sandbox.control.bindSubscription(out.id)
    await expect(provider.refundPayment({ amount: "1490", data: out.data! })).rejects.toThrow(
      /not known yet/,
    )
    const [chargeId] = (await sandbox.control.getSubscription(out.id))!.chargeIds
    const refunded = await provider.refundPayment({
      amount: "1490",
      data: { ...out.data, first_charge_id: chargeId },
    })
    expect(refunded.data?.platega_status).toBe("CHARGEBACKED")
  })
})

describe("a renewal's payment", () => {
  it("calls nothing at Platega to start, and is captured by the CONFIRMED charge it names", async () => {
    const out = await subscribe()
    await sandbox.control.bindSubscription(out.id)
    await sandbox.control.chargeSubscription(out.id, "success")
    const chargeId = (await sandbox.control.getSubscription(out.id))!.chargeIds[1]
    const before = await fetch(`${sandbox.url}/_sandbox/subscriptions`).then((r) => r.json())

    const renewal = await provider.initiatePayment({
      amount: "1490",
      currency_code: "rub",
      // Medusa adds the session's id to the data of every session it creates.
      data: { renewal_of: out.id, transaction_id: chargeId, session_id: "payses_renewal" },
    })
    expect(renewal.id).toBe(chargeId)
    expect(await fetch(`${sandbox.url}/_sandbox/subscriptions`).then((r) => r.json())).toEqual(
      before,
    )
    expect((await status(renewal.data)).status).toBe(PaymentSessionStatus.CAPTURED)
    // Nothing to cancel: the charge stays the subscription's.
    expect((await provider.cancelPayment({ data: renewal.data! })).data).toEqual(renewal.data)
  })

  it("is not captured for another amount than the charge's", async () => {
    const out = await subscribe()
    await sandbox.control.bindSubscription(out.id)
    const [chargeId] = (await sandbox.control.getSubscription(out.id))!.chargeIds
    const renewal = await provider.initiatePayment({
      amount: "9999",
      currency_code: "rub",
      // Medusa adds the session's id to the data of every session it creates.
      data: { renewal_of: out.id, transaction_id: chargeId, session_id: "payses_renewal" },
    })
    expect((await status(renewal.data)).status).toBe(PaymentSessionStatus.ERROR)
  })
})
