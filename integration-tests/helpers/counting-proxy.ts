import http from "node:http"
import type { AddressInfo } from "node:net"

/** Counts the requests the store sends to Platega, by method and path shape. */
export interface CountingProxy {
  url: string
  count(route: string): number
  /** Every request counted since the last reset. */
  total(): number
  /** The requests since the last reset, in order, as `METHOD /path` (ids as sent). */
  requests(): string[]
  reset(): void
  stop(): Promise<void>
}

/** `GET /transaction/<uuid>` → `GET /transaction/:id`. */
function shape(method: string, url: string): string {
  const path = url.split("?")[0].replace(/[0-9a-f]{8}-[0-9a-f-]{27}/gi, ":id")
  return `${method} ${path}`
}

/** A pass-through HTTP proxy in front of the sandbox that counts what goes through it. */
export async function startCountingProxy(target: string): Promise<CountingProxy> {
  const counts = new Map<string, number>()
  let requests: string[] = []
  const upstream = new URL(target)
  const server = http.createServer((req, res) => {
    const key = shape(req.method ?? "GET", req.url ?? "/")
    counts.set(key, (counts.get(key) ?? 0) + 1)
    requests.push(`${req.method ?? "GET"} ${(req.url ?? "/").split("?")[0]}`)
    const forward = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    forward.on("error", () => res.destroy())
    req.pipe(forward)
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    count: (route) => counts.get(route) ?? 0,
    total: () => [...counts.values()].reduce((a, b) => a + b, 0),
    requests: () => [...requests],
    reset: () => {
      counts.clear()
      requests = []
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/**
 * Puts a counting proxy between the store and the sandbox: call at the top of a spec, after
 * useSandbox() and before medusaIntegrationTestRunner (medusa-config.ts reads PLATEGA_BASE_URL
 * when the app loads).
 */
export function useCountingProxy(sandbox: () => { url: string }): () => CountingProxy {
  let proxy: CountingProxy | undefined
  beforeAll(async () => {
    proxy = await startCountingProxy(sandbox().url)
    process.env.PLATEGA_BASE_URL = proxy.url
  })
  afterAll(() => proxy?.stop())
  return () => {
    if (!proxy) throw new Error("the counting proxy is not running yet")
    return proxy
  }
}
