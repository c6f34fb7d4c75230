import http from "node:http"
import type { AddressInfo } from "node:net"
import { pgHmacHeader } from "../shared/hmac"
import { startSandbox } from "../index"
import type { RunningSandbox, SandboxOptions } from "../types"

// Shared by the sandbox specs: a sandbox on a free port, a merchant-authenticated fetch, a signed
// fetch, and a callback receiver whose answers a test scripts.

export async function start(options: SandboxOptions = {}): Promise<RunningSandbox> {
  return startSandbox({ quiet: true, ...options })
}

/** The service's error body: { code, type, message, data: [{ key, message }], traceId }. */
export interface ErrorBody {
  code: string
  type: number
  message: string
  data: { key: string; message: string }[]
  traceId: string
}

export interface ApiResponse<T = unknown> {
  status: number
  headers: Headers
  body: T
  text: string
}

/** A response with its body parsed when it is JSON (kept as text when it is not: HTML, plain). */
async function answer<T>(res: Response): Promise<ApiResponse<T>> {
  const text = await res.text()
  let parsed: unknown = text
  try {
    parsed = text ? JSON.parse(text) : undefined
  } catch {
    // plain text or HTML
  }
  return { status: res.status, headers: res.headers, body: parsed as T, text }
}

export async function api<T = unknown>(
  sandbox: RunningSandbox,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<ApiResponse<T>> {
  const res = await fetch(`${sandbox.url}${path}`, {
    method,
    redirect: "manual",
    headers: {
      "X-MerchantId": sandbox.merchantId,
      "X-Secret": sandbox.secret,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  })
  return answer<T>(res)
}

export async function signed<T = unknown>(
  sandbox: RunningSandbox,
  method: string,
  path: string,
  opts: {
    body?: string
    idempotencyKey?: string
    ts?: number
    scheme?: string
    signPath?: string
    key?: string
  } = {},
): Promise<ApiResponse<T>> {
  const authorization = pgHmacHeader({
    key: opts.key ?? sandbox.payoutKey,
    merchantId: sandbox.merchantId,
    method,
    path: opts.signPath ?? path.split("?")[0],
    ts: opts.ts,
    idempotencyKey: opts.idempotencyKey,
    body: opts.body,
    scheme: opts.scheme,
  })
  const res = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: {
      Authorization: authorization,
      ...(opts.idempotencyKey ? { "Idempotency-Key": opts.idempotencyKey } : {}),
      ...(opts.body !== undefined ? { "Content-Type": "application/json" } : {}),
    },
    body: opts.body,
  })
  return answer<T>(res)
}

/** An export's columns in the order the spec gives them (written out, not taken from the code). */
export const SPEC_EXPORT_COLUMNS = [
  "recordId",
  "createdAt",
  "amount",
  "currencyCode",
  "status",
  "paymentMethod",
  "description",
  "payload",
]

export const RETURN_URL = "https://shop.example/ok"
export const FAILED_URL = "https://shop.example/failed"

export function paymentBody(
  overrides: Record<string, unknown> = {},
  details: Record<string, unknown> = {},
) {
  return {
    paymentMethod: 2,
    paymentDetails: { amount: 1500, currency: "RUB", ...details },
    description: "Order #1",
    return: RETURN_URL,
    failedUrl: FAILED_URL,
    payload: "session_1",
    ...overrides,
  }
}

export interface CreateResponse {
  transactionId: string
  redirect: string
  [key: string]: unknown
}

export async function createPayment(
  sandbox: RunningSandbox,
  overrides: Record<string, unknown> = {},
  details: Record<string, unknown> = {},
): Promise<CreateResponse> {
  const res = await api<CreateResponse>(
    sandbox,
    "POST",
    "/transaction/process",
    paymentBody(overrides, details),
  )
  if (res.status !== 200) throw new Error(`create failed: ${res.status} ${res.text}`)
  return res.body
}

export async function createSubscription(
  sandbox: RunningSandbox,
  details: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
): Promise<CreateResponse> {
  const res = await api<CreateResponse>(sandbox, "POST", "/transaction/process", {
    paymentMethod: 6,
    paymentDetails: { amount: 299, currency: "RUB", interval: 3, intervalCount: 1, ...details },
    description: "Monthly plan",
    ...extra,
  })
  if (res.status !== 200) throw new Error(`subscription create failed: ${res.status} ${res.text}`)
  return res.body
}

export interface Received {
  at: number
  headers: http.IncomingHttpHeaders
  body: string
}

/** A callback receiver; `respond` picks the status of the n-th request (0-based). */
export class Receiver {
  readonly received: Received[] = []
  private server: http.Server
  url = ""

  constructor(private respond: (n: number, body: string) => number = () => 200) {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on("data", (c: Buffer) => chunks.push(c))
      req.on("end", () => {
        const body = Buffer.concat(chunks).toString("utf8")
        const n = this.received.length
        this.received.push({ at: Date.now(), headers: req.headers, body })
        res.statusCode = this.respond(n, body)
        res.end("ok")
      })
    })
  }

  setResponder(respond: (n: number, body: string) => number): void {
    this.respond = respond
  }

  async listen(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve))
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks/platega`
    return this
  }

  bodies<T = Record<string, unknown>>(): T[] {
    return this.received.filter((r) => r.body !== "{}").map((r) => JSON.parse(r.body) as T)
  }

  async waitFor(count: number, timeoutMs = 5000): Promise<void> {
    await waitUntil(() => this.received.length >= count, { timeoutMs, what: `${count} callbacks` })
  }

  async close(): Promise<void> {
    this.server.closeAllConnections()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }
}

/**
 * A sandbox for the enclosing describe block, its callbacks going to a receiver unless
 * `receiver: false`: both start before its tests and stop after them; `resetEach` empties them
 * between tests (once the previous test's callbacks have landed). `use` receives the two.
 */
export function useSandbox(
  use: (sandbox: RunningSandbox, receiver: Receiver) => void,
  options: SandboxOptions = {},
  { resetEach = false, receiver: withReceiver = true } = {},
): void {
  let sandbox: RunningSandbox
  let receiver: Receiver | undefined
  beforeAll(async () => {
    receiver = withReceiver ? await new Receiver().listen() : undefined
    sandbox = await start({ ...(receiver && { callbackUrl: receiver.url }), ...options })
    use(sandbox, receiver!)
  })
  afterAll(async () => {
    await sandbox.stop()
    await receiver?.close()
  })
  if (resetEach) {
    beforeEach(async () => {
      if (receiver) {
        // Let the previous test's callbacks land before the receiver forgets them.
        await sandbox.control.waitForCallbacks()
      }
      await sandbox.control.reset()
      if (receiver) receiver.received.length = 0
    })
  }
}

/** Polls `condition` every `intervalMs` until it holds; throws, naming `what`, after `timeoutMs`. */
export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  { timeoutMs = 5000, intervalMs = 10, what = "the condition" } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what}: not there after ${timeoutMs} ms`)
    await new Promise((r) => setTimeout(r, intervalMs))
  }
}

/** POSTs an HTML form the way a browser does, without following the redirect. */
export async function postForm(
  url: string,
  fields: Record<string, string> = {},
): Promise<Response> {
  return fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  })
}

/** `a=1&b=x` from a record; undefined values are left out (a parameter not sent). */
export function queryString(query: Record<string, string | number | undefined>): string {
  const pairs = Object.entries(query).flatMap(([k, v]): [string, string][] =>
    v === undefined ? [] : [[k, String(v)]],
  )
  return new URLSearchParams(pairs).toString()
}
