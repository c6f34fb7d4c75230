// A throw-away Redis for the multi-instance spec: the system's `redis-server` on a free port, no
// persistence, gone when stopped.
import { spawn } from "node:child_process"
import fs from "node:fs"
import net from "node:net"
import os from "node:os"
import path from "node:path"
import { freePort } from "./postgres.mjs"

/** The absolute path of `name` on PATH, or undefined. */
export function findOnPath(name) {
  for (const dir of (process.env.PATH || "").split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, name)
    try {
      fs.accessSync(candidate, fs.constants.X_OK)
      return candidate
    } catch {
      // not here
    }
  }
  return undefined
}

/** true when a Redis at host:port answers PING. */
export function redisAnswers(port, host = "127.0.0.1", timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host })
    const done = (ok) => {
      socket.destroy()
      resolve(ok)
    }
    socket.setTimeout(timeoutMs, () => done(false))
    socket.on("error", () => done(false))
    socket.on("connect", () => socket.write("PING\r\n"))
    socket.on("data", (d) => done(d.toString().startsWith("+PONG")))
  })
}

export async function startRedis(binary, { timeoutMs = 15_000 } = {}) {
  const port = await freePort()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "platega-redis-"))
  const child = spawn(
    binary,
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { cwd: dir, stdio: ["ignore", "ignore", "pipe"] },
  )
  let stderr = ""
  child.stderr.on("data", (d) => (stderr += d))
  const exited = new Promise((resolve) => child.once("exit", resolve))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM")
      await exited
    }
    fs.rmSync(dir, { recursive: true, force: true })
  }
  const deadline = Date.now() + timeoutMs
  while (!(await redisAnswers(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop()
      throw new Error(`redis-server did not start on port ${port}: ${stderr.trim()}`)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  return { url: `redis://127.0.0.1:${port}`, port, stop }
}
