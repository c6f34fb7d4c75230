import { readFileSync } from "node:fs"
import { createServer, type Server } from "node:tls"
import type { AddressInfo } from "node:net"
import { join } from "node:path"
import {
  loopbackOnly,
  type LoopbackOnly,
} from "../../../../../../integration-tests/helpers/loopback-only"
import { checkCallbackUrl, isPrivateHost } from "../callback-check"

// A test-only key and certificate (CN shop.example.com), signed by nobody.
const fixture = (name: string) => readFileSync(join(__dirname, "fixtures", name))

describe("the callback URL as Platega accepts it", () => {
  it("tells private and local hosts from public ones", () => {
    for (const host of [
      "localhost",
      "127.0.0.1",
      "10.1.2.3",
      "172.20.0.1",
      "192.168.1.10",
      "[::1]",
      "[fd00::1]",
      "169.254.1.1",
      "100.64.0.1",
      "shop.local",
      "medusa",
    ]) {
      expect([host, isPrivateHost(host)]).toEqual([host, true])
    }
    for (const host of ["8.8.8.8", "shop.example.com", "172.32.0.1", "[2a00:1450::1]"]) {
      expect([host, isPrivateHost(host)]).toEqual([host, false])
    }
  })

  // Names resolve through a stub resolver; no socket leaves the loopback (a try is recorded).
  let net: LoopbackOnly
  beforeAll(() => {
    net = loopbackOnly({
      "shop.example.com": ["93.184.216.34"],
      "inside.example.com": ["10.0.0.5"],
      "mixed.example.com": ["93.184.216.34", "10.0.0.5"],
      "metadata.example.com": ["169.254.169.254"],
      "cgnat.example.com": ["100.64.0.9"],
      "reserved.example.com": ["240.0.0.1"],
      "v6.example.com": ["2a00:1450::1", "fe80::1"],
    })
  })
  afterAll(() => net.restore())
  beforeEach(() => {
    net.attempts.length = 0
    net.lookups.length = 0
  })

  it("refuses http and private addresses without resolving or connecting", async () => {
    expect(await checkCallbackUrl("http://localhost:9000/hooks/platega")).toEqual({
      qualifies: false,
      problems: ["not_https", "private_host"],
    })
    expect(net.lookups).toEqual([])
    expect(net.attempts).toEqual([])
  })

  it("resolves a name once and refuses it when any address is private, link-local, CGNAT or reserved", async () => {
    for (const host of [
      "inside.example.com",
      "mixed.example.com",
      "metadata.example.com",
      "cgnat.example.com",
      "reserved.example.com",
      "v6.example.com",
      "[fd00::1]",
      "100.64.0.1",
    ]) {
      expect([host, await checkCallbackUrl(`https://${host}/hooks/platega`)]).toEqual([
        host,
        { qualifies: false, problems: ["private_host"] },
      ])
    }
    expect(net.attempts).toEqual([])
  })

  it("connects only to the address it checked, and only on 443", async () => {
    // Resolved once: the handshake goes to the address found (the guard stops it there).
    const check = await checkCallbackUrl("https://shop.example.com/hooks/platega")
    expect(check).toMatchObject({ qualifies: false, problems: ["unreachable"] })
    expect(net.lookups).toEqual(["shop.example.com"])
    expect(net.attempts).toEqual(["93.184.216.34"])
    for (const port of ["22", "6379", "8443", "80"]) {
      expect(await checkCallbackUrl(`https://shop.example.com:${port}/hooks/platega`)).toEqual({
        qualifies: false,
        problems: ["port"],
      })
    }
    expect(net.attempts).toEqual(["93.184.216.34"])
  })

  describe("certificates", () => {
    let server: Server
    let port: number
    beforeAll(async () => {
      server = createServer(
        { key: fixture("self-signed.key"), cert: fixture("self-signed.crt") },
        (s) => s.end(),
      )
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
      port = (server.address() as AddressInfo).port
    })
    afterAll(() => new Promise((resolve) => server.close(resolve)))

    it("refuses a self-signed certificate, naming why", async () => {
      const check = await checkCallbackUrl("https://shop.example.com/hooks/platega", {
        connectTo: { host: "127.0.0.1", port },
      })
      expect(check.qualifies).toBe(false)
      expect(check.problems).toEqual(["certificate"])
      expect(check.certificate).toMatchObject({
        trusted: false,
        error: "DEPTH_ZERO_SELF_SIGNED_CERT",
      })
    })

    it("says when nothing answers", async () => {
      const closed = createServer()
      await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve))
      const free = (closed.address() as AddressInfo).port
      await new Promise((resolve) => closed.close(resolve))
      const check = await checkCallbackUrl("https://shop.example.com/hooks/platega", {
        connectTo: { host: "127.0.0.1", port: free },
      })
      expect(check).toMatchObject({ qualifies: false, problems: ["unreachable"] })
    })
  })
})
