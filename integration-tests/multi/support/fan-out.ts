// The worst a load balancer (or Platega retrying) can do to a callback: deliver it to every server
// at the same moment. The sandbox's callback URL points here; each callback is forwarded to all
// `targets` at once, and the sandbox gets the answer of the target whose turn it is (alternating).
import http from "node:http"
import type { AddressInfo } from "node:net"

export interface FanOut {
  url: string
  /** Callbacks received from the sandbox. */
  received: () => number
  /** Answers per target, e.g. {"200": 102}. */
  answers: () => Record<string, number>[]
  close: () => Promise<void>
}

const FORWARDED_HEADERS = ["content-type", "x-merchantid", "x-secret"]

export async function startFanOut(targets: string[]): Promise<FanOut> {
  let received = 0
  const answers: Record<string, number>[] = targets.map(() => ({}))
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", async () => {
      const turn = received++ % targets.length
      const body = Buffer.concat(chunks)
      const headers = Object.fromEntries(
        FORWARDED_HEADERS.filter((h) => req.headers[h]).map((h) => [h, String(req.headers[h])]),
      )
      const results = await Promise.all(
        targets.map((target, i) =>
          fetch(`${target}${req.url}`, { method: req.method, headers, body })
            .then(async (r) => ({ status: r.status, text: await r.text() }))
            .catch((e: Error) => ({ status: 502, text: e.message }))
            .then((r) => {
              answers[i][r.status] = (answers[i][r.status] ?? 0) + 1
              return r
            }),
        ),
      )
      res.writeHead(results[turn].status, { "content-type": "application/json" })
      res.end(results[turn].text)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    received: () => received,
    answers: () => answers.map((a) => ({ ...a })),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
