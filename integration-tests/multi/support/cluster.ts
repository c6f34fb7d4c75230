// Several Medusa instances of the test store (medusa-config.ts, the plugin from src/) on one fresh
// PostgreSQL database and one Redis, each a `medusa start` child process with its own
// MEDUSA_WORKER_MODE, as a production deployment runs them.
import { spawn, type ChildProcess } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { Client } from "pg"
import { freePort } from "../../helpers/net"

export const ROOT = path.resolve(__dirname, "..", "..", "..")
const MEDUSA_CLI = path.join(ROOT, "node_modules", "@medusajs", "cli", "cli.js")
export const LOG_DIR = path.join(ROOT, "test-results", "multi")

export type WorkerMode = "server" | "worker" | "shared"

export interface Instance {
  name: string
  mode: WorkerMode
  url: string
  logFile: string
  stop(): Promise<void>
}

/** A new, empty database on the server named by DB_* (what `npm test` sets), and how to drop it. */
export async function createDatabase(
  name: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const { DB_HOST, DB_PORT, DB_USERNAME, DB_PASSWORD } = process.env
  if (!DB_HOST) throw new Error("DB_HOST is not set: run this spec through `npm test`")
  const user = encodeURIComponent(DB_USERNAME || "postgres")
  const password = DB_PASSWORD ? `:${encodeURIComponent(DB_PASSWORD)}` : ""
  const base = `postgres://${user}${password}@${DB_HOST}:${DB_PORT || "5432"}`
  const admin = async (sql: string) => {
    const client = new Client({ connectionString: `${base}/postgres` })
    await client.connect()
    try {
      await client.query(sql.replace("$name", client.escapeIdentifier(name)))
    } finally {
      await client.end()
    }
  }
  await admin("create database $name")
  return {
    url: `${base}/${name}`,
    drop: () => admin("drop database if exists $name with (force)"),
  }
}

/**
 * The environment of every Medusa command: the parent's, minus anything that would point the
 * instances elsewhere, plus `env`. ts-node only transpiles (`npm run typecheck` checks types): a
 * boot takes seconds instead of tens of seconds.
 */
function medusaEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base = { ...process.env }
  for (const key of ["REDIS_URL", "MEDUSA_WORKER_MODE", "DATABASE_URL", "NODE_OPTIONS"])
    delete base[key]
  return {
    ...base,
    NODE_ENV: "test",
    MEDUSA_DISABLE_TELEMETRY: "true",
    // The test store serves no admin dashboard (it would need `medusa build`); the admin API stays.
    MEDUSA_ADMIN_DISABLED: "true",
    TS_NODE_TRANSPILE_ONLY: "true",
    ...env,
  }
}

function run(name: string, args: string[], env: Record<string, string>): ChildProcess {
  fs.mkdirSync(LOG_DIR, { recursive: true })
  const out = fs.openSync(path.join(LOG_DIR, `${name}.log`), "w")
  const child = spawn(process.execPath, [MEDUSA_CLI, ...args], {
    cwd: ROOT,
    env: medusaEnv(env),
    stdio: ["ignore", out, out],
  })
  fs.closeSync(out)
  return child
}

export function tail(file: string, lines = 40): string {
  try {
    return fs.readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n")
  } catch {
    return "(no log)"
  }
}

/** Runs a Medusa CLI command (`db:migrate`, `exec …`) to its end; rejects with its log's tail. */
export async function medusa(
  name: string,
  args: string[],
  env: Record<string, string>,
): Promise<void> {
  const child = run(name, args, env)
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve))
  if (code !== 0) {
    const log = path.join(LOG_DIR, `${name}.log`)
    throw new Error(`medusa ${args.join(" ")} exited with ${code}:\n${tail(log)}`)
  }
}

/** Starts `medusa start` in `mode` and resolves once it answers /health. */
export async function startInstance(
  name: string,
  mode: WorkerMode,
  env: Record<string, string>,
  timeoutMs = 180_000,
): Promise<Instance> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const logFile = path.join(LOG_DIR, `${name}.log`)
  const child = run(name, ["start", "--port", String(port), "--host", "127.0.0.1"], {
    ...env,
    MEDUSA_WORKER_MODE: mode,
  })
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()))
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill("SIGTERM")
    const timer = setTimeout(() => child.kill("SIGKILL"), 20_000)
    await exited
    clearTimeout(timer)
  }
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`${name} (${mode}) exited with ${child.exitCode}:\n${tail(logFile)}`)
    }
    const ok = await fetch(`${url}/health`)
      .then((r) => r.ok)
      .catch(() => false)
    if (ok) break
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`${name} (${mode}) not ready in ${timeoutMs / 1000} s:\n${tail(logFile)}`)
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  return { name, mode, url, logFile, stop }
}
