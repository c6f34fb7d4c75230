import { originsOfCors, returnAddressProblem, storefrontOrigin } from "../return-addresses"

describe("storefront origins", () => {
  it("takes https origins, and http only on this machine", () => {
    expect(storefrontOrigin("https://Shop.Example.com")).toBe("https://shop.example.com")
    expect(storefrontOrigin("https://shop.example.com:8443/")).toBe("https://shop.example.com:8443")
    expect(storefrontOrigin("http://localhost:8000")).toBe("http://localhost:8000")
    expect(storefrontOrigin("http://127.0.0.1:3000")).toBe("http://127.0.0.1:3000")
    expect(storefrontOrigin("http://shop.example.com")).toBeUndefined()
    expect(storefrontOrigin("https://shop.example.com/checkout")).toBeUndefined()
    expect(storefrontOrigin("https://user@shop.example.com")).toBeUndefined()
    expect(storefrontOrigin("shop.example.com")).toBeUndefined()
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
