import { originsOfCors, returnAddressProblem, storefrontOrigin } from "../return-addresses"

describe("storefront origins", () => {
  it.each([
    ["https://Shop.Example.com", "https://shop.example.com"],
    ["https://shop.example.com:8443/", "https://shop.example.com:8443"],
    ["http://localhost:8000", "http://localhost:8000"],
    ["http://127.0.0.1:3000", "http://127.0.0.1:3000"],
    ["http://shop.example.com", undefined],
    ["https://shop.example.com/checkout", undefined],
    ["https://user@shop.example.com", undefined],
    ["shop.example.com", undefined],
  ])("%s is the origin %s (https, or http only on this machine)", (text, origin) => {
    expect(storefrontOrigin(text)).toBe(origin)
  })

  it("reads storeCors, leaving out patterns and what is not an origin", () => {
    expect(
      originsOfCors("http://localhost:8000, https://shop.example.com,/vercel\\.app$/,http://x.com"),
    ).toEqual(["http://localhost:8000", "https://shop.example.com"])
    expect(originsOfCors(undefined)).toEqual([])
  })
})

describe("a return address", () => {
  const origins = ["https://shop.example.com", "http://localhost:8000"]
  const ok = (a: string) => returnAddressProblem(a, origins)

  it("is accepted on a storefront origin, placeholders in the path and query", () => {
    expect(ok("https://shop.example.com/return?cart_id={cart_id}")).toBeUndefined()
    expect(ok("https://SHOP.example.com:443/{store}/ok")).toBeUndefined()
    expect(ok("http://localhost:8000/return")).toBeUndefined()
  })

  it("is refused anywhere else, relative, with credentials or a placeholder in the host", () => {
    for (const a of [
      "https://evil.example.com/phish",
      "/return",
      "//evil.example.com/x",
      "javascript:alert(1)",
      "http://shop.example.com/return",
      "https://shop.example.com.evil.example.com/",
      "https://shop.example.com@evil.example.com/",
      "https://user:pw@shop.example.com/",
      "https://shop.example.com{store}/",
      "https://{store}.example.com/",
      "http://localhost:8001/return",
    ]) {
      expect({ a, problem: ok(a) }).toEqual({ a, problem: expect.any(String) })
    }
  })

  it("says how to fix it when the store has no storefront origins", () => {
    expect(returnAddressProblem("https://shop.example.com/", [])).toMatch(/storeCors/)
  })
})
