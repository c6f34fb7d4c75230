import type { RunningSandbox } from "../../types"
import { api, postForm, queryString, useSandbox, type ErrorBody } from "../../__tests__/helpers"

// GET /transaction/balance-unlock-operations (conversions), from the facts: merchant headers; query
// from, to (ISO), page, size; answer a page { content: [{ id, amount, currency, status, createdAt }],
// totalElements, totalPages, page, size }. Public clients count pages from 0 or from 1: both work.
// Validation errors in the service's shape.

interface Item {
  id: number
  amount: number
  currency: string
  status: string
  createdAt: string
  [extra: string]: unknown
}

interface Page {
  content: Item[]
  totalElements: number
  totalPages: number
  page: number
  size: number
}

const PATH = "/transaction/balance-unlock-operations"

describe("sandbox: GET /transaction/balance-unlock-operations", () => {
  let sandbox: RunningSandbox
  useSandbox((s) => (sandbox = s), {}, { resetEach: true, receiver: false })

  const page = <T = Page>(query: Record<string, string | number | undefined> = {}) =>
    api<T>(sandbox, "GET", `${PATH}?${queryString(query)}`)

  it("answers an empty page when the sandbox has made no conversion", async () => {
    const queries: Record<string, number>[] = [{}, { page: 0, size: 20 }, { page: 1, size: 20 }]
    for (const query of queries) {
      const res = await page(query)
      expect(res.status).toBe(200)
      expect(res.body).toEqual({ content: [], totalElements: 0, totalPages: 0, page: 1, size: 20 })
    }
  })

  it("lists the conversions made, newest first, each { id, amount, currency, status, createdAt }", async () => {
    await sandbox.control.convert({ currency: "RUB", amount: 9250 })
    await sandbox.control.advanceClock(1000)
    await sandbox.control.convert({ currency: "RUB", amount: 185, toCurrency: "USDT" })
    const res = await page({
      from: "2000-01-01T00:00:00Z",
      to: new Date((await sandbox.control.now()) + 1000).toISOString(),
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ totalElements: 2, totalPages: 1, page: 1, size: 20 })
    expect(res.body.content).toEqual([
      {
        id: 2,
        amount: 185,
        currency: "RUB",
        status: "COMPLETED",
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        convertedAmount: 2,
        convertedCurrency: "USDT",
        rate: 0.01081081,
      },
      expect.objectContaining({ id: 1, amount: 9250, currency: "RUB", convertedAmount: 100 }),
    ])
    // The money moved between the balances at the rate.
    const balances = await sandbox.control.balances()
    expect(balances).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ currency: "RUB", amount: 100_000 - 9250 - 185 }),
        expect.objectContaining({ currency: "USDT", amount: 102 }),
      ]),
    )
  })

  it("counts pages from 1 and takes page 0 as the first page too (clients count either way)", async () => {
    for (let n = 1; n <= 5; n++) await sandbox.control.convert({ currency: "RUB", amount: n })
    const first0 = await page({ page: 0, size: 2 })
    const first1 = await page({ page: 1, size: 2 })
    expect(first0.body).toEqual(first1.body)
    expect(first1.body).toMatchObject({ totalElements: 5, totalPages: 3, page: 1, size: 2 })
    expect(first1.body.content.map((c) => c.amount)).toEqual([5, 4])
    expect((await page({ page: 2, size: 2 })).body.content.map((c) => c.amount)).toEqual([3, 2])
    expect((await page({ page: 3, size: 2 })).body.content.map((c) => c.amount)).toEqual([1])
    expect((await page({ page: 4, size: 2 })).body).toMatchObject({ content: [], page: 4 })
  })

  it("keeps to from..to, both inclusive", async () => {
    const t0 = await sandbox.control.now()
    await sandbox.control.convert({ currency: "RUB", amount: 10 })
    await sandbox.control.advanceClock(60_000)
    const t1 = await sandbox.control.now()
    await sandbox.control.convert({ currency: "RUB", amount: 20 })
    await sandbox.control.advanceClock(60_000)
    await sandbox.control.convert({ currency: "RUB", amount: 30 })
    const iso = (ms: number) => new Date(ms).toISOString()
    const amounts = async (q: Record<string, string>) =>
      (await page(q)).body.content.map((c) => c.amount)
    expect(await amounts({ from: iso(t1), to: iso(t1) })).toEqual([20])
    expect(await amounts({ from: iso(t1) })).toEqual([30, 20])
    expect(await amounts({ to: iso(t0 + 1000) })).toEqual([10])
    // An offset is read as the moment it names.
    expect(await amounts({ from: iso(t1).replace("Z", "+00:00"), to: iso(t1 + 1) })).toEqual([20])
  })

  it.each([
    ["page", { page: -1 }],
    ["page", { page: "first" }],
    ["size", { size: 0 }],
    ["size", { size: 101 }],
    ["size", { size: "1.5" }],
    ["from", { from: "yesterday" }],
    ["to", { to: "2025-13-45T00:00:00Z" }],
    ["from", { from: "2025-02-01T00:00:00Z", to: "2025-01-01T00:00:00Z" }],
  ])("answers 400 naming %s for %j, in the service's shape", async (key, query) => {
    const res = await page<ErrorBody>(query)
    expect(res.status).toBe(400)
    expect(res.body).toEqual({
      code: "Common:VAL_0001",
      type: 4001,
      message: "One or more validation errors occurred.",
      data: [{ key, message: expect.any(String) }],
      traceId: expect.stringMatching(/^[0-9a-f]{32}$/),
    })
  })

  it("answers 401 without the merchant headers, not a transaction lookup", async () => {
    const res = await fetch(`${sandbox.url}${PATH}?page=1&size=20`)
    expect(res.status).toBe(401)
    expect(await res.json()).toMatchObject({ code: "Auth:SIGN_1001", type: 4002 })
    const authed = await page()
    expect(authed.text).not.toMatch(/was not found/)
  })

  it("refuses a conversion the balance does not cover, or of a currency without a rate", async () => {
    await expect(sandbox.control.convert({ currency: "RUB", amount: 100_000.01 })).rejects.toThrow(
      /RUB balance holds 100000/,
    )
    await expect(sandbox.control.convert({ currency: "XYZ", amount: 1 })).rejects.toThrow(/no rate/)
    await expect(sandbox.control.convert({ currency: "RUB", amount: 0.001 })).rejects.toThrow(
      /amount/,
    )
    expect((await page()).body.totalElements).toBe(0)
    const http = await fetch(`${sandbox.url}/_sandbox/conversions`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ currency: "RUB", amount: 1e9 }),
    })
    expect(http.status).toBe(409)
  })

  it("makes a conversion from the dashboard's form, and shows it there", async () => {
    const res = await postForm(`${sandbox.url}/dashboard/conversions?lang=en`, {
      amount: "925",
      currency: "RUB",
      toCurrency: "USDT",
    })
    expect(res.status).toBe(303)
    const notice = new URL(res.headers.get("location")!, sandbox.url).searchParams
    expect(notice.get("ok")).toBe("1")
    expect(notice.get("notice")).toBe("Conversion 1: 925 RUB → 10 USDT")
    expect((await page()).body.content).toEqual([
      expect.objectContaining({ id: 1, amount: 925, convertedAmount: 10 }),
    ])
    const html = await (await fetch(`${sandbox.url}/?lang=en`)).text()
    expect(html).toMatch(
      /data-testid="conversion-row" data-id="1"[\s\S]*?925\.00 RUB[\s\S]*?10\.00 USDT/,
    )
    const refused = await postForm(`${sandbox.url}/dashboard/conversions`, {
      amount: "0",
      currency: "RUB",
    })
    expect(new URL(refused.headers.get("location")!, sandbox.url).searchParams.get("ok")).toBe("0")
  })
})
