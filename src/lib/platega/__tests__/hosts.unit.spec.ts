import { isLoopbackAddress, isNonPublicAddress } from "../addresses"
import { baseUrlKind, checkFileUrl, isPayerAddress } from "../hosts"
import { checkedLookup } from "../pinned-lookup"

describe("Platega's hosts and the addresses the store may be sent to", () => {
  it("knows Platega's API host; anything else is not Platega, loopback is the sandbox", () => {
    const kinds: Record<string, string> = {
      "https://app.platega.io": "platega",
      "https://APP.platega.io/": "platega",
      "http://app.platega.io": "other",
      "https://app.platega.io:8443": "other",
      "https://app.platega.io.evil.example": "other",
      "https://platega.evil.example": "other",
      "http://127.0.0.1:4010": "sandbox",
      "http://localhost:4010": "sandbox",
      "http://[::1]:4010": "sandbox",
      "not a url": "other",
    }
    for (const [url, kind] of Object.entries(kinds))
      expect([url, baseUrlKind(url)]).toEqual([url, kind])
  })

  it("hands on payer addresses over https only (http on loopback)", () => {
    for (const ok of [
      "https://pay.platega.io/pay/1",
      "http://127.0.0.1:4010/pay/1",
      "http://localhost:4010/pay/1",
    ])
      expect([ok, isPayerAddress(ok)]).toEqual([ok, true])
    for (const bad of [
      "javascript:alert(1)",
      "JAVASCRIPT:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "http://evil.example/pay",
      "https://user:pass@pay.platega.io/",
      "//evil.example",
      "/relative",
    ])
      expect([bad, isPayerAddress(bad)]).toEqual([bad, false])
  })

  it("fetches export files only over https from Platega or the base URL's host", () => {
    const prod = "https://app.platega.io"
    expect(checkFileUrl("https://files.platega.io/x.csv", prod)).toMatchObject({
      ok: true,
      loopbackAllowed: false,
    })
    expect(checkFileUrl("/files/x.csv", prod)).toMatchObject({ ok: true })
    expect(checkFileUrl("https://custom.example/x.csv", "https://custom.example")).toMatchObject({
      ok: true,
    })
    for (const bad of [
      "http://files.platega.io/x.csv",
      "https://files.platega.io.evil.example/x.csv",
      "https://169.254.169.254/latest/meta-data/",
      "https://evil.example/x.csv",
      "https://u:p@files.platega.io/x.csv",
      "file:///etc/passwd",
    ])
      expect([bad, checkFileUrl(bad, prod).ok]).toEqual([bad, false])

    const sandbox = "http://127.0.0.1:4010"
    expect(checkFileUrl("http://127.0.0.1:4010/_files/a.csv", sandbox)).toMatchObject({
      ok: true,
      loopbackAllowed: true,
    })
    // Another port on loopback is another service.
    expect(checkFileUrl("http://127.0.0.1:6379/", sandbox).ok).toBe(false)
  })

  it("tells public addresses from private, loopback, link-local and metadata ones", () => {
    for (const ip of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.0.1",
      "169.254.169.254",
      "100.100.100.200",
      "0.0.0.0",
      "::1",
      "fe80::1",
      "fd00:ec2::254",
      "::ffff:169.254.169.254",
      "::ffff:a9fe:a9fe",
      "64:ff9b::a9fe:a9fe",
      "224.0.0.1",
    ])
      expect([ip, isNonPublicAddress(ip)]).toEqual([ip, true])
    for (const ip of ["93.184.216.34", "8.8.8.8", "2a00:1450:4001::1"])
      expect([ip, isNonPublicAddress(ip)]).toEqual([ip, false])
    expect(isLoopbackAddress("::ffff:127.0.0.1")).toBe(true)
    expect(isLoopbackAddress("10.0.0.1")).toBe(false)
  })

  it("a name is resolved once and refused when it leads to a non-public address", async () => {
    const resolve = (loopbackAllowed: boolean) =>
      new Promise<{ err: NodeJS.ErrnoException | null; address: unknown }>((done) =>
        checkedLookup({ loopbackAllowed })("localhost", { all: true }, (err, address) =>
          done({ err, address }),
        ),
      )
    const refused = await resolve(false)
    expect(refused.err).toMatchObject({ code: "EADDRNOTALLOWED" })
    const allowed = await resolve(true)
    expect(allowed.err).toBeNull()
    expect(
      (allowed.address as { address: string }[]).every((a) => isLoopbackAddress(a.address)),
    ).toBe(true)
  })
})
