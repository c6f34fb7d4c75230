import http, {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http"
import type { AddressInfo } from "node:net"
import zlib from "node:zlib"
import {
  ACCEPT_ENCODING,
  BAD_ENCODING,
  RESPONSE_TOO_LARGE,
  TransportError,
  exchange,
  parseOrigin,
  type Origin,
} from "../transport"

/** The byte mover under the client, against a real local server. */

const JSON_BODY = JSON.stringify({ id: "x", text: "Платёж ".repeat(200) })

let server: Server
let origin: Origin
let handler: (req: IncomingMessage, res: ServerResponse) => void

beforeAll(async () => {
  server = createServer((req, res) => handler(req, res))
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  origin = parseOrigin(new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

const get = (maxResponseBytes = 1024 * 1024, timeoutMs = 2000) =>
  exchange(origin, {
    method: "GET",
    path: "/t",
    headers: { "Accept-Encoding": ACCEPT_ENCODING },
    timeoutMs,
    maxResponseBytes,
  })

async function failure(p: Promise<unknown>): Promise<TransportError> {
  const e = await p.then(
    () => undefined,
    (x: unknown) => x,
  )
  if (!(e instanceof TransportError)) throw new Error(`expected a TransportError, got ${String(e)}`)
  return e
}

describe("exchange", () => {
  it.each([
    ["gzip", zlib.gzipSync],
    ["deflate", zlib.deflateSync],
    ["br", zlib.brotliCompressSync],
  ] as const)("decodes %s answers", async (encoding, compress) => {
    handler = (_req, res) =>
      res.writeHead(200, { "content-encoding": encoding }).end(compress(Buffer.from(JSON_BODY)))
    const res = await get()
    expect(res.status).toBe(200)
    expect(res.text).toBe(JSON_BODY)
  })

  it("sends the body with its length (set by the transport) and answers non-2xx without throwing", async () => {
    let seen: { length?: string; body: string } | undefined
    handler = (req, res) => {
      const chunks: Buffer[] = []
      req.on("data", (c: Buffer) => chunks.push(c))
      req.on("end", () => {
        seen = { length: req.headers["content-length"], body: Buffer.concat(chunks).toString() }
        res.writeHead(302, { location: "http://elsewhere.test/" }).end("moved")
      })
    }
    const body = Buffer.from('{"a":"б"}')
    const res = await exchange(origin, {
      method: "POST",
      path: "/t",
      headers: {},
      body,
      timeoutMs: 2000,
      maxResponseBytes: 1024,
    })
    expect(res).toMatchObject({ status: 302, text: "moved" })
    expect(seen).toEqual({ length: String(body.length), body: '{"a":"б"}' })
  })

  it("sends a bodyless POST with Content-Length 0, not chunked, and the Host of the origin", async () => {
    let seen: IncomingMessage["headers"] | undefined
    handler = (req, res) => {
      seen = req.headers
      req.resume().on("end", () => res.writeHead(200).end("{}"))
    }
    await exchange(origin, {
      method: "POST",
      path: "/t/cancel",
      headers: { Accept: "application/json" },
      timeoutMs: 2000,
      maxResponseBytes: 1024,
    })
    expect(seen).toMatchObject({ "content-length": "0", host: origin.host })
    expect(seen?.["transfer-encoding"]).toBeUndefined()
  })

  it("lets a store's own agent (a proxy agent) add headers before the request is written", async () => {
    let seen: IncomingMessage["headers"] | undefined
    handler = (req, res) => {
      seen = req.headers
      req.resume().on("end", () => res.writeHead(200).end("{}"))
    }
    class AddingAgent extends http.Agent {
      addRequest(req: http.ClientRequest, options: http.RequestOptions): void {
        req.setHeader("Proxy-Authorization", "Basic cHJveHk6cGFzcw==")
        // @ts-expect-error addRequest is not in Node's public typings
        super.addRequest(req, options)
      }
    }
    const own = http.globalAgent
    http.globalAgent = new AddingAgent({ keepAlive: true })
    try {
      const res = await exchange(origin, {
        method: "POST",
        path: "/t",
        headers: { "X-MerchantId": "m" },
        body: Buffer.from("{}"),
        timeoutMs: 2000,
        maxResponseBytes: 1024,
      })
      expect(res.status).toBe(200)
    } finally {
      http.globalAgent.destroy()
      http.globalAgent = own
    }
    expect(seen).toMatchObject({
      "proxy-authorization": "Basic cHJveHk6cGFzcw==",
      "x-merchantid": "m",
      "content-length": "2",
    })
  })

  it("refuses an answer over the byte limit, compressed or not", async () => {
    const big = Buffer.alloc(64 * 1024, "a")
    handler = (_req, res) => res.writeHead(200).end(big)
    expect((await failure(get(32 * 1024))).code).toBe(RESPONSE_TOO_LARGE)
    // A small gzip that inflates past the limit is refused too.
    handler = (_req, res) =>
      res.writeHead(200, { "content-encoding": "gzip" }).end(zlib.gzipSync(big))
    expect((await failure(get(32 * 1024))).code).toBe(RESPONSE_TOO_LARGE)
  })

  it("reports a corrupt compressed body as a bad response", async () => {
    handler = (_req, res) =>
      res.writeHead(200, { "content-encoding": "gzip" }).end(Buffer.from("not gzip at all"))
    expect((await failure(get())).code).toBe(BAD_ENCODING)
  })

  it("gives up at the deadline, also while the body trickles in", async () => {
    handler = () => {}
    const hung = await failure(get(1024, 100))
    expect(hung).toMatchObject({ code: "ETIMEDOUT", timedOut: true })
    handler = (_req, res) => {
      res.writeHead(200)
      res.write("{")
    }
    expect(await failure(get(1024, 100))).toMatchObject({ timedOut: true })
  })

  it("a connection cut mid-body is a reset, not a short answer", async () => {
    handler = (req, res) => {
      res.writeHead(200, { "content-length": "1000" })
      res.write("{")
      setTimeout(() => req.socket.destroy(), 20)
    }
    const e = await failure(get())
    expect(e.timedOut).toBe(false)
    expect(e.code).toBe("ECONNRESET")
  })
})
