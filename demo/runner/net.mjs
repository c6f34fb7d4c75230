// Port checks and readiness polling.
import net from "node:net"
import { setTimeout as sleep } from "node:timers/promises"

/** True when nothing listens on localhost:port (IPv4 or IPv6). */
export async function portIsFree(port) {
  for (const host of ["127.0.0.1", "::1"]) {
    if (await answers(host, port)) return false
  }
  return true
}

function answers(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port })
    socket.setTimeout(1000)
    socket.once("connect", () => {
      socket.destroy()
      resolve(true)
    })
    socket.once("timeout", () => {
      socket.destroy()
      resolve(false)
    })
    socket.once("error", () => resolve(false))
  })
}

/**
 * Polls `url` until it answers with a status accepted by `ok`. Gives up when `abort()` returns a
 * reason (e.g. the server process died) or after `timeoutMs`.
 */
export async function waitForHttp(
  url,
  { timeoutMs, abort = () => undefined, ok = (s) => s < 400 },
) {
  const started = Date.now()
  for (;;) {
    const reason = abort()
    if (reason) throw new Error(reason)
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5000), redirect: "manual" })
      await res.arrayBuffer()
      if (ok(res.status)) return Date.now() - started
    } catch {
      // not listening yet
    }
    if (Date.now() - started > timeoutMs) {
      throw new Error(`${url} did not answer within ${Math.round(timeoutMs / 1000)} s`)
    }
    await sleep(1000)
  }
}
