import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http"
import type { AddressInfo } from "node:net"

/** One request as the fake server saw it: exact bytes, raw headers. */
export interface SeenRequest {
  method: string
  url: string
  headers: IncomingMessage["headers"]
  body: Buffer
}

export type Reply =
  | { status: number; body?: string | object; headers?: Record<string, string> }
  /** Accept the request and never answer (until the server closes). */
  | "hang"
  /** Destroy the socket without a response. */
  | "close"
  /** Answer by hand (compressed bodies, trickles, cuts mid-body). */
  | { respond: (res: ServerResponse, req: IncomingMessage) => void }

/**
 * A tiny real HTTP server for fault tests: each request takes the next reply from the script (the
 * last one repeats). Not a Platega simulator: just precise control over what the wire does.
 */
export class FakeServer {
  readonly seen: SeenRequest[] = []
  private server: Server | undefined
  private script: Reply[] = []

  static async start(): Promise<FakeServer> {
    const fake = new FakeServer()
    await fake.listen()
    return fake
  }

  url = ""

  reply(...replies: Reply[]): this {
    this.script = replies
    this.seen.length = 0
    return this
  }

  private async listen(): Promise<void> {
    this.server = createServer((req, res) => this.handle(req, res))
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve))
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      this.seen.push({
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks),
      })
      const index = Math.min(this.seen.length - 1, this.script.length - 1)
      const reply: Reply = this.script[index] ?? { status: 500 }
      if (reply === "hang") return
      if (reply === "close") {
        req.socket.destroy()
        return
      }
      if ("respond" in reply) return reply.respond(res, req)
      const body =
        reply.body === undefined
          ? ""
          : typeof reply.body === "string"
            ? reply.body
            : JSON.stringify(reply.body)
      const headers: Record<string, string> = {
        ...(typeof reply.body === "object" ? { "content-type": "application/json" } : {}),
        ...reply.headers,
      }
      res.writeHead(reply.status, headers).end(body)
    })
  }

  async stop(): Promise<void> {
    const server = this.server
    if (!server) return
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

/** A port with nothing listening on it (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const port = (server.address() as AddressInfo).port
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}
