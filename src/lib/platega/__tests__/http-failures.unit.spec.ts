import { backoffDelay, parseRetryAfter } from "../http-failures"

describe("backoff and Retry-After", () => {
  const retry = { baseDelayMs: 200, maxDelayMs: 5000 }
  it("is exponential, jittered within [step/2, step] and capped", () => {
    expect([1, 2, 3].map((a) => backoffDelay(a, retry, () => 0))).toEqual([100, 200, 400])
    expect([1, 2, 3].map((a) => backoffDelay(a, retry, () => 1))).toEqual([200, 400, 800])
    expect(backoffDelay(10, retry, () => 1)).toBe(5000)
    expect(backoffDelay(10, retry, () => 0)).toBe(2500)
  })

  it("parses seconds and HTTP dates", () => {
    expect(parseRetryAfter("3")).toBe(3000)
    expect(parseRetryAfter(undefined)).toBeUndefined()
    expect(parseRetryAfter("soon")).toBeUndefined()
    const now = Date.parse("2025-01-01T00:00:00Z")
    expect(parseRetryAfter("Wed, 01 Jan 2025 00:00:10 GMT", now)).toBe(10000)
    expect(parseRetryAfter("Tue, 31 Dec 2024 00:00:00 GMT", now)).toBe(0)
  })
})
