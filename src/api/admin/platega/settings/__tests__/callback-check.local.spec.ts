import { readFileSync } from "node:fs"
import { createServer, type Server } from "node:tls"
import type { AddressInfo } from "node:net"
import { join } from "node:path"
import { checkCallbackUrl, connectionTarget, isPrivateHost } from "../callback-check"

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

  it("refuses http and private addresses without connecting anywhere", async () => {
    const lookup = jest.fn()
    expect(await checkCallbackUrl("http://localhost:9000/hooks/platega", { lookup })).toEqual({
      qualifies: false,
      problems: ["not_https", "private_host"],
    })
    expect(lookup).not.toHaveBeenCalled()
    // A public name that resolves only into a private network.
    const inside = await checkCallbackUrl("https://shop.example.com/hooks/platega", {
      lookup: async () => ["10.0.0.5"],
    })
    expect(inside).toEqual({ qualifies: false, problems: ["private_host"] })
  })

  it("connects only to an address it checked, and only on 443", async () => {
    // Resolved once: the handshake goes to the public address found, not to a second answer.
    expect(connectionTarget("shop.example.com", "", ["10.0.0.5", "93.184.216.34"])).toEqual({
      host: "93.184.216.34",
      port: 443,
    })
    expect(connectionTarget("shop.example.com", "", ["10.0.0.5"])).toEqual({
      problem: "private_host",
    })
    expect(connectionTarget("93.184.216.34", "", [])).toEqual({ host: "93.184.216.34", port: 443 })
    for (const port of ["22", "6379", "8443", "80"])
      expect(connectionTarget("shop.example.com", port, ["93.184.216.34"])).toEqual({
        problem: "port",
      })
    const lookup = jest.fn(async () => ["93.184.216.34"])
    expect(
      await checkCallbackUrl("https://shop.example.com:6379/hooks/platega", { lookup }),
    ).toEqual({ qualifies: false, problems: ["port"] })
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
        lookup: async () => ["93.184.216.34"],
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
        lookup: async () => ["93.184.216.34"],
        connectTo: { host: "127.0.0.1", port: free },
      })
      expect(check).toMatchObject({ qualifies: false, problems: ["unreachable"] })
    })
  })
})
