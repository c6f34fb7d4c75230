import {
  originsOfCors,
  readReturnAddress,
  storefrontOrigin,
  storefrontReturnAddress,
} from "../return-addresses"

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
  const problem = (a: string) => {
    const read = storefrontReturnAddress(a, origins)
    return "problem" in read ? read.problem : undefined
  }
  const kept = (a: string) => {
    const read = storefrontReturnAddress(a, origins)
    return "address" in read ? read.address : read.problem
  }

  it("is accepted on a storefront origin, placeholders in the path and query", () => {
    expect(problem("https://shop.example.com/return?cart_id={cart_id}")).toBeUndefined()
    expect(problem("https://SHOP.example.com:443/{store}/ok")).toBeUndefined()
    expect(problem("http://localhost:8000/return")).toBeUndefined()
  })

  it("is kept as its parsed, normalised address, its placeholders left to fill in", () => {
    expect(kept("HTTP://LOCALHOST:8000/X")).toBe("http://localhost:8000/X")
    expect(kept('https://SHOP.example.com:443/{store}/a b/../ok?q={cart_id}&x="')).toBe(
      "https://shop.example.com/{store}/ok?q={cart_id}&x=%22",
    )
    expect(kept("http://localhost:8000/{}")).toBe("http://localhost:8000/%7B%7D")
    // A word like the stand-in the placeholders take is left as it is.
    expect(kept("http://localhost:8000/placeholder0z/{cart_id}")).toBe(
      "http://localhost:8000/placeholder0z/{cart_id}",
    )
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
      expect({ a, problem: problem(a) }).toEqual({ a, problem: expect.any(String) })
    }
  })

  it.each([
    ["http://localhost:8000/r\r\nLocation: http://evil.example", /control characters/],
    ["http://localhost:8000/r\tx", /control characters/],
    ["http://localhost:8000/r\u0000", /control characters/],
    ["http://localhost:8000/r\u007f", /control characters/],
    ["http://localhost:8000\\@evil.example/", /backslash/],
    ["http://localhost:8000\\\\evil.example", /backslash/],
    ["http://localhost:8000#@evil.example", /@/],
    ["http://localhost:8000/{}@evil.example", /@/],
    ["http://localhost:8000/?to=a@b.example", /@/],
  ])("%j is refused, saying why", (a, why) => {
    expect(problem(a)).toMatch(why)
    // The same rule, with no origin to match, for the addresses an admin sets.
    expect(readReturnAddress(a)).toEqual({ problem: expect.stringMatching(why) })
  })

  it("says how to fix it when the store has no storefront origins", () => {
    const read = storefrontReturnAddress("https://shop.example.com/", [])
    expect("problem" in read && read.problem).toMatch(/storeCors/)
  })
})
