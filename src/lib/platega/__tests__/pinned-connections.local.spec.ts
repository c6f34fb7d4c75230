import { createServer as createHttpServer } from "node:http"
import net, { type AddressInfo } from "node:net"
import {
  loopbackOnly,
  type LoopbackOnly,
} from "../../../../integration-tests/helpers/loopback-only"
import { PlategaClient } from "../client"
import { checkedAddresses } from "../pinned-lookup"
import { closedPort } from "./support/fake-server"
import { MERCHANT_ID, SECRET, balancesAnswer } from "./support/fixtures"

// A client pinned to checked addresses (the admin's connection check) against four services on the
// loopback that answer differently: refused, reset, an HTML 404, and a Platega that says ok. Names
// resolve through a stub resolver; nothing connects outside 127.0.0.0/8.

interface Service {
  name: string
  port: number
  connections: number
  close(): Promise<void>
}

async function listen(name: string, onSocket: (s: net.Socket) => void): Promise<Service> {
  const service = { name, port: 0, connections: 0 } as Service
  const server = net.createServer((socket) => {
    service.connections++
    onSocket(socket)
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  service.port = (server.address() as AddressInfo).port
  service.close = () => new Promise((resolve) => server.close(() => resolve()))
  return service
}

async function httpService(name: string, status: number, body: string, type: string) {
  const service = { name, port: 0, connections: 0 } as Service
  const server = createHttpServer((_req, res) => {
    res.writeHead(status, { "Content-Type": type })
    res.end(body)
  })
  server.on("connection", () => service.connections++)
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  service.port = (server.address() as AddressInfo).port
  service.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
  return service
}

describe("connections pinned to checked addresses", () => {
  let services: Service[]
  let net_: LoopbackOnly

  beforeAll(async () => {
    const refusedPort = await closedPort()
    services = [
      { name: "refused", port: refusedPort, connections: 0, close: async () => {} },
      await listen("reset", (s) => s.resetAndDestroy()),
      await httpService("html-404", 404, "<html><body>Not Found</body></html>", "text/html"),
      await httpService("ok", 200, JSON.stringify(balancesAnswer), "application/json"),
    ]
    net_ = loopbackOnly({
      ...Object.fromEntries(services.map((s) => [`${s.name}.shop-one.ru`, ["127.0.0.1"]])),
      "private.shop-one.ru": ["10.0.0.7"],
      "mixed.shop-one.ru": ["93.184.216.34", "192.168.1.10"],
      "metadata.shop-one.ru": ["169.254.169.254"],
      "cgnat.shop-one.ru": ["100.64.0.1"],
      "v6.shop-one.ru": ["fd00:ec2::254"],
    })
  })

  afterAll(async () => {
    net_.restore()
    await Promise.all(services.map((s) => s.close()))
  })

  const check = (baseUrl: string, loopbackAllowed: boolean) =>
    new PlategaClient({
      baseUrl,
      merchantId: MERCHANT_ID,
      secret: SECRET,
      retry: { retries: 0 },
      timeoutMs: 5_000,
      pinned: { loopbackAllowed },
    }).testConnection()

  /** What the caller sees of an answer, but for its time. */
  const seen = (r: Awaited<ReturnType<typeof check>>) => {
    const { latencyMs: _l, calls, ...rest } = r
    return { ...rest, calls: calls.map(({ ms: _m, ...c }) => c) }
  }

  it("a refused host gets one answer whatever listens there, and nothing is sent to it", async () => {
    const answers = []
    for (const s of services) {
      for (const host of [`${s.name}.shop-one.ru`, "127.0.0.1"]) {
        answers.push(seen(await check(`http://${host}:${s.port}`, false)))
      }
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1)
    expect(answers[0]).toMatchObject({
      status: "unreachable",
      message: expect.stringMatching(/not a public address.*nothing was sent/),
    })
    expect(answers[0].message).not.toMatch(/127\.0\.0\.1|shop-one/)
    expect(services.map((s) => s.connections)).toEqual([0, 0, 0, 0])
    expect(net_.attempts).toEqual([])
  })

  it("loopback allowed (a sandbox): the same four tell themselves apart, so the first test can fail", async () => {
    const answers = []
    for (const s of services) answers.push(seen(await check(`http://127.0.0.1:${s.port}`, true)))
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(4)
    expect(answers[3]).toMatchObject({ status: "ok" })
  })

  it("private, link-local, CGNAT, reserved and IPv6 private addresses are refused before any connection", async () => {
    const refused = []
    for (const host of [
      "private.shop-one.ru",
      "mixed.shop-one.ru",
      "metadata.shop-one.ru",
      "cgnat.shop-one.ru",
      "v6.shop-one.ru",
      "10.0.0.7",
      "169.254.169.254",
      "100.64.0.1",
      "198.18.0.1",
      "[fd00:ec2::254]",
      "[::ffff:a9fe:a9fe]",
    ]) {
      refused.push(seen(await check(`https://${host}`, true)))
      await expect(checkedAddresses(host, { loopbackAllowed: true })).rejects.toMatchObject({
        code: "EADDRNOTALLOWED",
      })
    }
    expect(new Set(refused.map((a) => JSON.stringify(a))).size).toBe(1)
    expect(net_.attempts).toEqual([])
    // Each name resolved once per check and once by checkedAddresses: never again to connect.
    expect(net_.lookups.filter((h) => h === "private.shop-one.ru")).toHaveLength(2)
  })
})
