import { spawn, type ChildProcess } from "node:child_process"
import path from "node:path"
import readline from "node:readline"

/** A sandbox running in a child process, driven over its HTTP control API (/_sandbox). */
export interface SandboxProcess {
  url: string
  merchantId: string
  secret: string
  payoutKey: string
  pid: number
  /** POST/PUT/GET to /_sandbox/<path>; throws on a non-2xx answer */
  control<T = unknown>(method: string, path: string, body?: unknown): Promise<T>
  stop(): Promise<void>
}

export interface SandboxProcessOptions {
  callbackUrl?: string
  callbackRetryIntervalMs?: number
  seed?: number
  /** extra node flags, e.g. --cpu-prof */
  nodeArgs?: string[]
}

export async function startSandboxProcess(
  options: SandboxProcessOptions = {},
): Promise<SandboxProcess> {
  const { nodeArgs = [], ...sandboxOptions } = options
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...nodeArgs,
      "--import",
      "tsx",
      path.join(__dirname, "sandbox-process.ts"),
      JSON.stringify(sandboxOptions),
    ],
    { stdio: ["pipe", "pipe", "inherit"] },
  )
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()))
  const first = await new Promise<string>((resolve, reject) => {
    const rl = readline.createInterface({ input: child.stdout! })
    rl.once("line", (line) => {
      rl.close()
      resolve(line)
    })
    child.once("exit", (code) => reject(new Error(`the sandbox process exited (${code})`)))
  })
  const info = JSON.parse(first) as Omit<SandboxProcess, "control" | "stop" | "pid">
  return {
    ...info,
    pid: child.pid!,
    async control<T>(method: string, p: string, body?: unknown): Promise<T> {
      const res = await fetch(`${info.url}/_sandbox${p}`, {
        method,
        headers: body === undefined ? {} : { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      const text = await res.text()
      if (!res.ok) throw new Error(`sandbox ${method} ${p}: ${res.status} ${text}`)
      return (text ? JSON.parse(text) : undefined) as T
    },
    async stop() {
      child.stdin?.end()
      child.kill("SIGTERM")
      await exited
    },
  }
}
