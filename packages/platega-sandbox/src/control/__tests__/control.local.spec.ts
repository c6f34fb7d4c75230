import { networkInterfaces } from "node:os"
import { isLoopback } from "../../server"
import { DEFAULT_MERCHANT_ID, DEFAULT_PAYOUT_KEY, DEFAULT_SECRET, startSandbox } from "../../index"
import type { SandboxTransaction } from "../../transactions/types"
import type { RunningSandbox } from "../../types"
import { api, createPayment, createSubscription, start, useSandbox } from "../../__tests__/helpers"

describe("startSandbox", () => {
  it("uses the documented defaults and a free port", async () => {
    const sb = await startSandbox({ quiet: true })
    try {
      expect(sb.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      expect(sb.url).not.toMatch(/:0$/)
      expect([sb.merchantId, sb.secret, sb.payoutKey]).toEqual([
        DEFAULT_MERCHANT_ID,
        DEFAULT_SECRET,
        DEFAULT_PAYOUT_KEY,
      ])
    } finally {
      await sb.stop()
    }
    // stopped means stopped: nothing listens any more, and a second stop is harmless
    await expect(fetch(`${sb.url}/_sandbox/health`)).rejects.toThrow()
    await sb.stop()
  })

  it("takes credentials and a public URL for links", async () => {
    const sb = await startSandbox({
      quiet: true,
      merchantId: "AAAAAAAA-0000-4000-8000-000000000001",
      secret: "s",
      payoutKey: "k",
      publicUrl: "https://sandbox.example/",
    })
    try {
      expect(sb.merchantId).toBe("aaaaaaaa-0000-4000-8000-000000000001")
      const res = await api<{ redirect: string }>(sb, "POST", "/transaction/process", {
        paymentMethod: 2,
        paymentDetails: { amount: 1, currency: "RUB" },
        description: "d",
        return: "https://a.example",
        failedUrl: "https://a.example",
      })
      expect(res.body.redirect).toMatch(/^https:\/\/sandbox\.example\/pay\//)
    } finally {
      await sb.stop()
    }
  })

  it("refuses bad options with a message naming them", async () => {
    await expect(startSandbox({ port: -1 })).rejects.toThrow(/port must be/)
    await expect(startSandbox({ timeScale: 0, callbackUrl: "nope" })).rejects.toThrow(
      /timeScale.*callbackUrl/,
    )
  })

  it("makes ids repeatable with a seed", async () => {
    const ids: string[] = []
    for (let k = 0; k < 2; k++) {
      const sb = await start({ seed: 77 })
      ids.push((await createPayment(sb)).transactionId)
      await sb.stop()
    }
    expect(ids[0]).toBe(ids[1])
    expect(ids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  })
})

describe("sandbox: control API over HTTP", () => {
  let sandbox: RunningSandbox
  const control = async <T = unknown>(method: string, path: string, body?: unknown) => {
    const res = await fetch(`${sandbox.url}/_sandbox${path}`, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { status: res.status, body: (await res.json()) as T }
  }

  useSandbox((s) => (sandbox = s), {}, { resetEach: true, receiver: false })

  it("describes itself", async () => {
    const res = await control<{ name: string; merchantId: string }>("GET", "")
    expect(res.body).toMatchObject({ name: "platega-sandbox", merchantId: sandbox.merchantId })
  })

  it("confirms, declines and charges back transactions; reads them", async () => {
    const a = await createPayment(sandbox)
    const b = await createPayment(sandbox)
    expect(
      (await control<SandboxTransaction>("POST", `/transactions/${a.transactionId}/confirm`)).body
        .status,
    ).toBe("CONFIRMED")
    expect(
      (await control<SandboxTransaction>("POST", `/transactions/${b.transactionId}/decline`)).body
        .status,
    ).toBe("CANCELED")
    const again = await control<{ error: string }>(
      "POST",
      `/transactions/${b.transactionId}/confirm`,
    )
    expect(again.status).toBe(409)
    expect(again.body.error).toMatch(/CANCELED, not PENDING/)
    expect(
      (await control<SandboxTransaction>("POST", `/transactions/${a.transactionId}/chargeback`))
        .body.status,
    ).toBe("CHARGEBACKED")
    const read = await control<SandboxTransaction>("GET", `/transactions/${a.transactionId}`)
    expect(read.body).toMatchObject({
      id: a.transactionId,
      status: "CHARGEBACKED",
      returnUrl: "https://shop.example/ok",
      payload: "session_1",
    })
    expect(
      (await control("GET", "/transactions/44444444-4444-4444-8444-444444444444")).status,
    ).toBe(404)
    const list = await control<{ items: SandboxTransaction[]; total: number }>(
      "GET",
      "/transactions?status=CANCELED",
    )
    expect(list.body.items.map((t) => t.id)).toEqual([b.transactionId])
  })

  it("seeds transactions fast and reports heap use", async () => {
    const res = await control<{
      count: number
      ids: string[]
      heapUsedBytes: number
      totalTransactions: number
    }>("POST", "/transactions/seed", { count: 20_000 })
    expect(res.status).toBe(200)
    expect(res.body.count).toBe(20_000)
    expect(res.body.totalTransactions).toBe(20_000)
    expect(res.body.ids).toHaveLength(100)
    expect(res.body.heapUsedBytes).toBeGreaterThan(0)
    const one = await api<{ status: string; payload: string }>(
      sandbox,
      "GET",
      `/transaction/${res.body.ids[5]}`,
    )
    expect(one.status).toBe(200)
    expect(one.body.payload).toBe("seed-5")
    expect((await control("POST", "/transactions/seed", { count: -1 })).status).toBe(400)
  })

  it("drives subscriptions", async () => {
    const { transactionId: id } = await createSubscription(sandbox, {
      interval: 1,
      intervalCount: 1,
    })
    expect(
      (await control<{ status: string }>("POST", `/subscriptions/${id}/bind`, { email: "a@b.c" }))
        .body.status,
    ).toBe("Active")
    expect(
      (
        await control<{ chargesFailed: number; status: string }>(
          "POST",
          `/subscriptions/${id}/charge`,
          { outcome: "fail" },
        )
      ).body,
    ).toMatchObject({
      chargesFailed: 1,
      status: "PastDue",
    })
    expect((await control("POST", `/subscriptions/${id}/charge`, {})).status).toBe(409)
    expect(
      (await control<{ status: string }>("POST", `/subscriptions/${id}/cancel`)).body.status,
    ).toBe("Cancelled")
    expect(
      (await control<{ id: string }[]>("GET", "/subscriptions")).body.map((s) => s.id),
    ).toEqual([id])
  })

  it("advances the clock and changes the time scale", async () => {
    const before = (await control<{ nowMs: number }>("GET", "/clock")).body.nowMs
    const after = (await control<{ nowMs: number }>("POST", "/clock/advance", { ms: 86_400_000 }))
      .body.nowMs
    expect(after - before).toBeGreaterThanOrEqual(86_400_000)
    expect(after - before).toBeLessThan(86_400_000 + 5_000)
    expect((await control("POST", "/clock/advance", { ms: -5 })).status).toBe(400)
    expect(
      (await control<{ timeScale: number }>("POST", "/clock/time-scale", { timeScale: 60 })).body
        .timeScale,
    ).toBe(60)
    await sandbox.control.reset()
    expect((await control<{ timeScale: number }>("GET", "/clock")).body.timeScale).toBe(1)
  })

  it("reads and patches settings; refuses unknown keys", async () => {
    const patched = await control<{ commissionPercent: number }>("PATCH", "/settings", {
      commissionPercent: 5,
    })
    expect(patched.body.commissionPercent).toBe(5)
    const { transactionId } = await createPayment(sandbox, {}, { amount: 100 })
    expect(
      (await api<{ comission: number }>(sandbox, "GET", `/transaction/${transactionId}`)).body
        .comission,
    ).toBe(5)
    expect((await control("PATCH", "/settings", { comissionPercent: 5 })).status).toBe(400)
    await sandbox.control.reset()
    expect(
      (await control<{ commissionPercent: number }>("GET", "/settings")).body.commissionPercent,
    ).toBe(3)
  })

  it("sets balances and the callback URL; lists cards and payouts", async () => {
    expect(
      (
        await control<{ currency: string; amount: number }[]>("POST", "/balances", {
          currency: "RUB",
          amount: 12.34,
        })
      ).body[0],
    ).toEqual({
      currency: "RUB",
      amount: 12.34,
      frozenBalance: 0,
    })
    expect(
      (await control<{ url: string }>("POST", "/callback-url", { url: "http://127.0.0.1:9/hooks" }))
        .body.url,
    ).toBe("http://127.0.0.1:9/hooks")
    expect((await control("POST", "/callback-url", { url: "ftp://x" })).status).toBe(400)
    expect((await control<unknown[]>("GET", "/cards")).body).toHaveLength(4)
    expect((await control<unknown[]>("GET", "/payouts")).body).toEqual([])
  })

  it("signs requests for curl users", async () => {
    const { body } = await control<{ authorization: string }>("POST", "/sign", {
      method: "GET",
      path: "/api/v1/cards",
    })
    const res = await fetch(`${sandbox.url}/api/v1/cards`, {
      headers: { Authorization: body.authorization },
    })
    expect(res.status).toBe(200)
  })

  it("recognises loopback addresses", () => {
    for (const a of ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"])
      expect([a, isLoopback(a)]).toEqual([a, true])
    for (const a of ["10.1.2.3", "192.0.2.2", "::ffff:10.0.0.1", "fd00::2", undefined])
      expect([a, isLoopback(a)]).toEqual([a, false])
  })

  // Needs a non-loopback interface to come from (containers and CI machines have one).
  const external = Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === "IPv4" && !i.internal)?.address
  ;(external ? it : it.skip)(
    "refuses the control API to non-loopback clients unless allowed",
    async () => {
      const sb = await start({ host: "0.0.0.0" })
      try {
        const port = new URL(sb.url).port
        const remote = `http://${external}:${port}`
        expect((await fetch(`${remote}/_sandbox/health`)).status).toBe(403)
        expect((await fetch(`${sb.url}/_sandbox/health`)).status).toBe(200)
        // The Platega API itself is open to every client.
        const api = await fetch(`${remote}/balance/all`, {
          headers: { "X-MerchantId": sb.merchantId, "X-Secret": sb.secret },
        })
        expect(api.status).toBe(200)
        await sb.control.configure({ allowRemoteControl: true })
        expect((await fetch(`${remote}/_sandbox/health`)).status).toBe(200)
      } finally {
        await sb.stop()
      }
    },
  )
})
