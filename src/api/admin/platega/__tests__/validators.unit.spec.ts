import { AdminPlategaConnectionTest, AdminPlategaSettingsPatch } from "../validators"

const parse = (body: unknown) => AdminPlategaSettingsPatch.strict().safeParse(body)
const messages = (body: unknown) => {
  const r = parse(body)
  return r.success ? [] : r.error.issues.map((i) => i.message)
}

describe("settings patch", () => {
  it("normalises what it accepts", () => {
    expect(
      parse({
        merchant_id: " 3F1C2A4E-8B7D-4C6E-9A1F-2B3C4D5E6F70 ",
        secret: " s3cret\n",
        base_url: "https://app.platega.io/",
        currencies: ["rub", "usd", "RUB"],
        export_time_zone: "Asia/Yekaterinburg",
        csv_separator: "\t",
      }),
    ).toEqual({
      success: true,
      data: {
        merchant_id: "3f1c2a4e-8b7d-4c6e-9a1f-2b3c4d5e6f70",
        secret: "s3cret",
        base_url: "https://app.platega.io",
        currencies: ["RUB", "USD"],
        export_time_zone: "Asia/Yekaterinburg",
        csv_separator: "\t",
      },
    })
  })

  it('"" and null clear; a field left out stays out', () => {
    expect(parse({ secret: "", base_url: null, currencies: null })).toEqual({
      success: true,
      data: { secret: null, base_url: null, currencies: null },
    })
    expect(parse({})).toEqual({ success: true, data: {} })
  })

  it.each([
    ["http://localhost:4010", true],
    ["http://127.0.0.1:4010", true],
    ["http://[::1]:4010", true],
    ["https://platega.example", true],
    ["http://platega.example", false],
    ["http://localhost.evil.example", false],
    ["ftp://localhost", false],
    ["https://{session_id}.example", false],
    ["not a url", false],
  ])("base_url %s → %s", (url, ok) => {
    expect(parse({ base_url: url }).success).toBe(ok)
  })

  it.each([
    [{ merchant_id: "merchant-1" }, /`merchant_id` must be the merchant UUID/],
    [{ currencies: ["RUB", "ABC"] }, /`currencies`: "ABC" is not an ISO 4217/],
    [{ currencies: [] }, /`currencies` needs at least one/],
    [{ export_time_zone: "Europe/Atlantis" }, /`export_time_zone`: "Europe\/Atlantis"/],
    [{ description: "Paid {order_id}" }, /`description`: unknown placeholder \{order_id\}/],
    [{ return_url: "https://shop.example/?o={order_no}" }, /`return_url`: unknown placeholder/],
    [{ failed_url: "javascript:alert(1)" }, /`failed_url` must be an absolute http\(s\) address/],
    [{ return_url: "https://shop.example/r\r\nX: y" }, /`return_url` must not contain control/],
    [
      { return_url: "https://shop.example\\@evil.example/" },
      /`return_url` must not contain a backslash/,
    ],
    [{ failed_url: "https://shop.example#@evil.example" }, /`failed_url` must not contain @/],
    [{ return_url: "https://{store}.example/" }, /`return_url` must not have a placeholder in its/],
    [{ csv_separator: "::" }, /`csv_separator` must be one of/],
    [{ reconcile_min_age_minutes: 2.5 }, /whole number/],
    [{ hmac_scheme: "PG HMAC" }, /`hmac_scheme` must be a word/],
    [{ secret: "   " }, /`secret` must not be blank/],
    [{ payout_key: 42 }, /`payout_key` must be text/],
  ])("%j is refused with a message naming the field", (body, message) => {
    expect(messages(body).join("\n")).toMatch(message)
  })

  it("never repeats a secret in its messages", () => {
    const text = messages({ secret: 123456789012345, payout_key: "x".repeat(2000) }).join("\n")
    expect(text).not.toContain("123456789012345")
    expect(text).not.toContain("xxxxxxxx")
  })

  it("accepts every documented placeholder", () => {
    expect(
      parse({ description: "{store} {cart_id} {amount} {currency} {session_id}" }).success,
    ).toBe(true)
  })
})

describe("connection test body", () => {
  it("takes values to try; payout_key null tests without one", () => {
    expect(AdminPlategaConnectionTest.strict().parse({ secret: " s ", payout_key: null })).toEqual({
      secret: "s",
      payout_key: null,
    })
    expect(
      AdminPlategaConnectionTest.strict().safeParse({ base_url: "http://x.example" }).success,
    ).toBe(false)
  })
})
