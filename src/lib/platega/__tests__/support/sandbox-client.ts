import { type IncomingHttpHeaders, createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { startSandbox } from "platega-sandbox"
import { parseCallback } from "../../callbacks"
import { PlategaClient } from "../../client"
import type { PlategaCallback, PlategaClientOptions } from "../../types"

/**
 * The client against the project's Platega sandbox over real HTTP. The sandbox is an independent
 * reading of the same spec: a failure there means one of the two misreads it.
 */

export type Sandbox = Awaited<ReturnType<typeof startSandbox>>
export type Receiver = Awaited<ReturnType<typeof startReceiver>>

interface Received {
  headers: IncomingHttpHeaders
  body: string
}

/** The merchant's callback URL: records every delivery, answers 200. */
async function startReceiver() {
  const received: Received[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") })
      res.writeHead(200).end("OK")
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/platega`
  return {
    url,
    received,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export const payment = {
  paymentDetails: { amount: 1500.5, currency: "RUB" },
  description: "Order #100",
  return: "https://shop.example/ok",
  failedUrl: "https://shop.example/fail",
}

export interface SandboxClient {
  sb: Sandbox
  receiver: Receiver
  /** A client of the sandbox with quick retries, made anew for each test. */
  client: PlategaClient
  make(extra?: Partial<PlategaClientOptions>): PlategaClient
  /** Callbacks delivered so far, parsed. */
  callbacks(): Promise<PlategaCallback[]>
}

/**
 * A sandbox and a callback receiver for the enclosing describe block, both emptied before each
 * test; `use` receives them and a new client before each test.
 */
export function useSandboxClient(use: (s: SandboxClient) => void): void {
  let sb: Sandbox
  let receiver: Receiver
  const make = (extra: Partial<PlategaClientOptions> = {}) =>
    new PlategaClient({
      baseUrl: sb.url,
      merchantId: sb.merchantId,
      secret: sb.secret,
      payoutKey: sb.payoutKey,
      timeoutMs: 5000,
      retry: { retries: 3, baseDelayMs: 5, maxDelayMs: 20 },
      ...extra,
    })
  const callbacks = async () => {
    await sb.control.waitForCallbacks(5000)
    return receiver.received.map((r) => parseCallback(r.body))
  }
  beforeAll(async () => {
    receiver = await startReceiver()
    sb = await startSandbox({
      port: 0,
      callbackRetryIntervalMs: 50,
      callbackUrl: receiver.url,
      seed: 7,
      quiet: true,
    })
  })
  beforeEach(async () => {
    await sb.control.reset()
    await sb.control.setCallbackUrl(receiver.url)
    receiver.received.length = 0
    use({ sb, receiver, client: make(), make, callbacks })
  })
  afterAll(async () => {
    await sb?.stop()
    await receiver?.stop()
  })
}
