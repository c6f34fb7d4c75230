import http from "node:http"
import type { AddressInfo } from "node:net"

/**
 * The calls a store makes to Platega, counted at the sandbox's port: a pass-through proxy in
 * front of it. Each call is put down to a payment method: a create by the `paymentMethod` in its
 * body, a read of a transaction by the method of that transaction (the benchmark says which one
 * it started, see methodOf), anything else by its route.
 */
export interface PlategaCalls {
  url: string
  /** the transaction's payment method, once its creation is known (SBP 2, card 11) */
  methodOf(transactionId: string, method: number): void
  /** calls so far: by payment method code ("other" for calls tied to none), and by route */
  snapshot(): { byMethod: Record<string, number>; byRoute: Record<string, number> }
  stop(): Promise<void>
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i

export async function startPlategaCalls(target: string): Promise<PlategaCalls> {
  const upstream = new URL(target)
  const agent = new http.Agent({ keepAlive: true })
  const methods = new Map<string, number>()
  /** calls whose transaction's method is not known yet: transaction id → count */
  const unplaced = new Map<string, number>()
  const byMethod = new Map<string, number>()
  const byRoute = new Map<string, number>()
  const add = (m: Map<string, number>, key: string, n = 1) => m.set(key, (m.get(key) ?? 0) + n)

  const count = (method: string, url: string, body: Buffer) => {
    const path = url.split("?")[0]
    add(byRoute, `${method} ${path.replace(UUID, ":id")}`)
    if (method === "POST" && path === "/transaction/process") {
      let code = "other"
      try {
        code = String(
          (JSON.parse(body.toString("utf8")) as { paymentMethod?: number }).paymentMethod,
        )
      } catch {
        // not JSON: counted under "other"
      }
      return add(byMethod, code)
    }
    const id = path.startsWith("/transaction/") ? UUID.exec(path)?.[0].toLowerCase() : undefined
    if (!id) return add(byMethod, "other")
    const known = methods.get(id)
    if (known === undefined) add(unplaced, id)
    else add(byMethod, String(known))
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      const body = Buffer.concat(chunks)
      count(req.method ?? "GET", req.url ?? "/", body)
      const forward = http.request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: upstream.host },
          agent,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(res)
        },
      )
      forward.on("error", () => res.destroy())
      forward.end(body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    methodOf(transactionId, method) {
      const id = transactionId.toLowerCase()
      methods.set(id, method)
      const early = unplaced.get(id)
      if (early) {
        unplaced.delete(id)
        add(byMethod, String(method), early)
      }
    },
    snapshot: () => ({
      byMethod: Object.fromEntries(
        [
          ...byMethod,
          ["unknown", [...unplaced.values()].reduce((a, b) => a + b, 0)] as const,
        ].filter(([, n]) => n > 0),
      ),
      byRoute: Object.fromEntries(byRoute),
    }),
    stop: () =>
      new Promise((resolve) => {
        agent.destroy()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
