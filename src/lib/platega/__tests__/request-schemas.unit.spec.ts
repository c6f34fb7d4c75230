import {
  CreateSubscriptionRequestSchema,
  CreateTransactionRequestSchema,
  ExportRequestSchema,
} from "../schemas"
import { issuesOf } from "./support/issues"

// A table of cases per request schema of the API, in the order of request-schemas.ts.

describe("request schemas", () => {
  const valid = {
    paymentMethod: 11,
    paymentDetails: { amount: 1500.5, currency: "rub" },
    description: "Order",
    return: "https://shop/ok",
    failedUrl: "https://shop/fail",
    unknownKey: "dropped",
  }

  it("create transaction: drops unknown keys, upper-cases currency", () => {
    const r = CreateTransactionRequestSchema.parse(valid)
    expect(r.paymentDetails.currency).toBe("RUB")
    expect(r).not.toHaveProperty("unknownKey")
  })

  it.each([
    [{ paymentDetails: { amount: 0, currency: "RUB" } }, "paymentDetails.amount"],
    [{ paymentDetails: { amount: -5, currency: "RUB" } }, "paymentDetails.amount"],
    [{ paymentDetails: { amount: 10.123, currency: "RUB" } }, "paymentDetails.amount"],
    [{ paymentDetails: { amount: Infinity, currency: "RUB" } }, "paymentDetails.amount"],
    [{ paymentDetails: { amount: Number.NaN, currency: "RUB" } }, "paymentDetails.amount"],
    [{ paymentMethod: 6 }, "paymentMethod"],
    [{ return: "javascript:alert(1)" }, "return"],
    [{ return: "https://shop/r\r\nLocation: https://evil.example" }, "return"],
    [{ failedUrl: "https://shop\\@evil.example/" }, "failedUrl"],
    [{ failedUrl: "https://shop#@evil.example" }, "failedUrl"],
    [{ return: "https://user:pw@shop/" }, "return"],
  ])("create transaction refuses %j", (patch, path) => {
    expect(issuesOf(CreateTransactionRequestSchema.safeParse({ ...valid, ...patch }))).toContain(
      path,
    )
  })

  it("create transaction sends return addresses in their parsed, normalised form", () => {
    const r = CreateTransactionRequestSchema.parse({
      ...valid,
      return: " HTTPS://SHOP:443/ok/../Done?q=a b ",
      failedUrl: "https://shop/fail",
    })
    expect(r.return).toBe("https://shop/Done?q=a%20b")
    expect(r.failedUrl).toBe("https://shop/fail")
  })

  it("create subscription: interval as 3, '3' or 'Month' is sent as 3; count bounds", () => {
    const base = {
      paymentDetails: { amount: 299, currency: "RUB", intervalCount: 1 },
      description: "Box",
    }
    for (const interval of [3, "3", "Month"]) {
      const r = CreateSubscriptionRequestSchema.parse({
        ...base,
        paymentDetails: { ...base.paymentDetails, interval },
      })
      expect(r.paymentDetails.interval).toBe(3)
    }
    const bounds: [number, number, boolean][] = [
      [1, 31, true],
      [1, 32, false],
      [2, 4, true],
      [2, 5, false],
      [3, 12, true],
      [3, 13, false],
      [4, 3, true],
      [4, 4, false],
      [5, 1, false],
    ]
    for (const [interval, intervalCount, ok] of bounds) {
      const r = CreateSubscriptionRequestSchema.safeParse({
        ...base,
        paymentDetails: { ...base.paymentDetails, interval, intervalCount },
      })
      expect([interval, intervalCount, r.success]).toEqual([interval, intervalCount, ok])
    }
  })

  it("export filter: names and codes become code strings; defaults", () => {
    const r = ExportRequestSchema.parse({
      from: new Date("2025-01-01T00:00:00Z"),
      to: "2025-01-31T23:59:59Z",
      statuses: ["CONFIRMED", 1, "9"],
      paymentMethods: [2, "SBPQR", "11"],
    })
    expect(r).toEqual({
      from: "2025-01-01T00:00:00.000Z",
      to: "2025-01-31T23:59:59Z",
      statuses: ["7", "1", "9"],
      paymentMethods: ["2", "2", "11"],
      timeZoneId: "Europe/Moscow",
    })
    const d = ExportRequestSchema.parse({ from: "a", to: "b" })
    expect(d.statuses).toEqual(["1", "6", "7", "9"])
    expect(d.paymentMethods).toEqual(["2", "3", "6", "11", "12", "13", "14"])
    expect(ExportRequestSchema.safeParse({ from: "a", to: "b", statuses: ["PAID"] }).success).toBe(
      false,
    )
  })
})
