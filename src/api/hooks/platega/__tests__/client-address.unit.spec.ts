import { clientKey } from "../client-address"

describe("clientKey", () => {
  it("keeps an IPv4 address, and takes an IPv4-mapped IPv6 address as its IPv4 one", () => {
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7")
    expect(clientKey("::ffff:203.0.113.7")).toBe("203.0.113.7")
  })

  it("counts an IPv6 address by its /64, however it is written", () => {
    const key = "2001:db8:0:1::/64"
    expect(clientKey("2001:db8:0:1::1")).toBe(key)
    expect(clientKey("2001:0db8:0000:0001:ffff:ffff:ffff:ffff")).toBe(key)
    expect(clientKey("2001:DB8:0:1:0:0:0:2%eth0")).toBe(key)
    expect(clientKey("2001:db8:0:2::1")).not.toBe(key)
    expect(clientKey("::1")).toBe("0:0:0:0::/64")
  })

  it("gives one key to anything that is not an address", () => {
    expect(clientKey("")).toBe("unknown")
    expect(clientKey("not an address")).toBe("unknown")
  })
})
