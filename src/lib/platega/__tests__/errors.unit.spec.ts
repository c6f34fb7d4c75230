import { inspect } from "node:util"
import { PlategaError, errorFromResponse } from "../errors"
import { resolveOptions } from "../client-options"
import { REDACTED, redact } from "../redact"
import { MERCHANT_ID, PAYOUT_KEY, SECRET } from "./support/fixtures"

const endpoint = "GET /transaction/{id}"

describe("errorFromResponse", () => {
  it("new shape {code,type,message,data,traceId}", () => {
    const e = errorFromResponse({
      status: 401,
      contentType: "application/json; charset=utf-8",
      body: JSON.stringify({
        code: "Auth:SIGN_1001",
        type: 4002,
        message: "Merchant secret key is not correct.",
        data: [],
        traceId: "0HN8-trace",
      }),
      endpoint,
    })
    expect(e).toBeInstanceOf(PlategaError)
    expect(e).toBeInstanceOf(Error)
    expect(e.message).toBe(
      "Platega 401 Auth:SIGN_1001: Merchant secret key is not correct. (traceId 0HN8-trace)",
    )
    expect(e).toMatchObject({
      kind: "http",
      httpStatus: 401,
      code: "Auth:SIGN_1001",
      type: 4002,
      traceId: "0HN8-trace",
      endpoint,
      retryable: false,
      fieldErrors: [],
    })
  })

  it("validation errors keep data[] as fieldErrors", () => {
    const e = errorFromResponse({
      status: 400,
      body: JSON.stringify({
        code: "Common:VAL_0001",
        type: 4001,
        message: "Validation failed",
        data: [
          { key: "paymentDetails.amount", message: "must be positive" },
          { key: "return", message: "required" },
        ],
        traceId: "t-2",
      }),
      endpoint: "POST /transaction/process",
    })
    expect(e.fieldErrors).toEqual([
      { key: "paymentDetails.amount", message: "must be positive" },
      { key: "return", message: "required" },
    ])
    expect(e.code).toBe("Common:VAL_0001")
    expect(e.message).toBe(
      "Platega 400 Common:VAL_0001: Validation failed [paymentDetails.amount: must be positive; return: required] (traceId t-2)",
    )
  })

  it("names at most three field errors in the message", () => {
    const data = ["a", "b", "c", "d"].map((key) => ({ key, message: "bad" }))
    const e = errorFromResponse({
      status: 400,
      body: JSON.stringify({ message: "V", data }),
      endpoint,
    })
    expect(e.message).toBe("Platega 400: V [a: bad; b: bad; c: bad; …]")
    expect(e.fieldErrors).toHaveLength(4)
  })

  it("old shape {statusCode, message}", () => {
    const e = errorFromResponse({
      status: 404,
      body: '{"statusCode":404,"message":"Transaction not found"}',
      endpoint,
    })
    expect(e.message).toBe("Platega 404: Transaction not found")
    expect(e.code).toBeUndefined()
  })

  it("ASP.NET problem details", () => {
    const e = errorFromResponse({
      status: 400,
      contentType: "application/problem+json",
      body: JSON.stringify({
        type: "https://tools.ietf.org/html/rfc9110#section-15.5.1",
        title: "One or more validation errors occurred.",
        status: 400,
        errors: { "paymentDetails.amount": ["The field amount is invalid."] },
        traceId: "00-abc-01",
      }),
      endpoint,
    })
    expect(e.message).toBe(
      "Platega 400: One or more validation errors occurred. [paymentDetails.amount: The field amount is invalid.] (traceId 00-abc-01)",
    )
    expect(e.fieldErrors).toEqual([
      { key: "paymentDetails.amount", message: "The field amount is invalid." },
    ])
  })

  it("text/plain body", () => {
    const e = errorFromResponse({
      status: 400,
      contentType: "text/plain",
      body: "Transaction cannot be cancelled\n",
      endpoint: "POST /transaction/{id}/cancel",
    })
    expect(e.message).toBe("Platega 400: Transaction cannot be cancelled")
  })

  it("HTML body: a title, never the page", () => {
    const e = errorFromResponse({
      status: 502,
      contentType: "text/html",
      body: "<html><head><title>502 Bad Gateway</title></head><body><script>x()</script></body></html>",
      endpoint,
    })
    expect(e.message).toBe("Platega 502: HTML error page: 502 Bad Gateway")
    expect(e.retryable).toBe(true)
  })

  it("empty body falls back to the status text", () => {
    expect(errorFromResponse({ status: 503, body: "", endpoint }).message).toBe(
      "Platega 503: Service Unavailable",
    )
    expect(errorFromResponse({ status: 418, body: "  ", endpoint }).message).toBe(
      "Platega 418: I'm a Teapot",
    )
  })

  it("broken JSON is treated as text", () => {
    const e = errorFromResponse({
      status: 500,
      contentType: "application/json",
      body: '{"message": "half',
      endpoint,
    })
    expect(e.message).toBe('Platega 500: {"message": "half')
  })

  it("retryable statuses", () => {
    const r = (status: number) => errorFromResponse({ status, body: "", endpoint }).retryable
    expect([400, 401, 404, 409, 501].map(r)).toEqual([false, false, false, false, false])
    expect([408, 429, 500, 502, 503, 504].map(r)).toEqual([true, true, true, true, true, true])
  })

  it("outcome_unknown says so and is not retryable", () => {
    const e = errorFromResponse({
      status: 500,
      body: "",
      endpoint: "POST /transaction/process",
      kind: "outcome_unknown",
    })
    expect(e.kind).toBe("outcome_unknown")
    expect(e.retryable).toBe(false)
    expect(e.message).toMatch(/outcome unknown/)
    expect(e.message).toMatch(/check its status before trying again/i)
  })

  it("a secret echoed by the service is cut out of every field", () => {
    const e = errorFromResponse({
      status: 401,
      body: JSON.stringify({
        code: "Auth:SIGN_1001",
        message: `Bad secret ${SECRET}`,
        data: [{ key: "X-Secret", message: `got ${SECRET}` }],
        traceId: "t",
      }),
      endpoint,
      secrets: [SECRET],
    })
    const everything = [e.message, e.stack, JSON.stringify(e), inspect(e)].join("\n")
    expect(everything).not.toContain(SECRET)
    expect(e.message).toContain(REDACTED)
  })

  it("toJSON and inspect show only safe fields", () => {
    const e = new PlategaError({ kind: "timeout", message: "m", endpoint, retryable: true })
    expect(JSON.parse(JSON.stringify(e))).toEqual({
      name: "PlategaError",
      kind: "timeout",
      message: "m",
      endpoint,
      fieldErrors: [],
      retryable: true,
    })
    expect(inspect(e)).toContain("kind: 'timeout'")
    expect(e.withAttempts(4)).toMatchObject({ attempts: 4, kind: "timeout", message: "m" })
  })
})

describe("redact", () => {
  it("credential keys, card numbers, secret values, HMAC signatures", () => {
    const out = redact(
      {
        headers: {
          "X-Secret": SECRET,
          Authorization: "PG-HMAC kid=x, ts=1, sig=abc=",
          "X-MerchantId": MERCHANT_ID,
        },
        payoutKey: PAYOUT_KEY,
        cardNumber: "2200 0000 0000 1234",
        note: `the secret is ${SECRET}; header PAY-HMAC kid=m, ts=1, sig=zzz`,
        list: [{ password: "p" }, "card 2200000000005678"],
        amount: "1500.0000000000000000",
        ts: 1719403200000,
      },
      [SECRET, PAYOUT_KEY],
    )
    expect(out).toEqual({
      headers: { "X-Secret": REDACTED, Authorization: REDACTED, "X-MerchantId": MERCHANT_ID },
      payoutKey: REDACTED,
      cardNumber: "************1234",
      note: `the secret is ${REDACTED}; header PAY-HMAC kid=m, ts=1, sig=${REDACTED}`,
      list: [{ password: REDACTED }, "card ************5678"],
      amount: "1500.0000000000000000",
      ts: 1719403200000,
    })
  })

  it("handles cycles, buffers and errors", () => {
    const a: Record<string, unknown> = { b: Buffer.from("xyz"), e: new Error(`x ${SECRET}`) }
    a.self = a
    expect(redact(a, [SECRET])).toEqual({
      b: "[3 bytes]",
      e: { name: "Error", message: `x ${REDACTED}` },
      self: "[Circular]",
    })
  })
})

describe("options", () => {
  const good = { merchantId: MERCHANT_ID, secret: SECRET }

  it("defaults", () => {
    expect(resolveOptions(good)).toMatchObject({
      baseUrl: "https://app.platega.io",
      hmacScheme: "PG-HMAC",
      signPathWithQuery: false,
      timeoutMs: 15000,
      retry: { retries: 3, baseDelayMs: 200, maxDelayMs: 5000 },
    })
    expect(
      resolveOptions({ ...good, baseUrl: "http://localhost:1/", retry: { retries: 0 } }),
    ).toMatchObject({
      baseUrl: "http://localhost:1",
      retry: { retries: 0, baseDelayMs: 200, maxDelayMs: 5000 },
    })
  })

  it.each([
    [{ merchantId: "nope" }, "merchantId"],
    [{ secret: "" }, "secret"],
    [{ baseUrl: "ftp://x" }, "baseUrl"],
    [{ timeoutMs: -1 }, "timeoutMs"],
    [{ retry: { retries: -1 } }, "retry.retries"],
    [{ hmacScheme: "PG HMAC" }, "hmacScheme"],
    [{ payoutKey: "" }, "payoutKey"],
  ])("names the bad option in %j", (patch, name) => {
    let caught: unknown
    try {
      resolveOptions({ ...good, ...patch } as Parameters<typeof resolveOptions>[0])
    } catch (e) {
      caught = e
    }
    expect(caught).toBeInstanceOf(PlategaError)
    expect((caught as PlategaError).kind).toBe("config")
    expect((caught as PlategaError).message).toContain(`"${name}"`)
    expect((caught as PlategaError).message).not.toContain(SECRET)
  })
})
