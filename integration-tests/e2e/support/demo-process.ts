// Runs `node scripts/demo.mjs` as a test fixture: free ports, a throw-away data folder, and either the
// embedded PostgreSQL or a fresh database on the server named by DB_HOST/DB_PORT/DB_USERNAME/
// DB_PASSWORD (how `npm test` runs it). stop() shuts the demo down and removes what it created.
import { spawn, type ChildProcess } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { Client } from "pg"
import { freePort } from "../../helpers/net"
import { sharedDemo } from "./shared-demo"

export const ROOT = path.resolve(__dirname, "..", "..", "..")

export type RunningDemo = {
  storefrontUrl: string
  storeUrl: string
  adminUrl: string
  sandboxUrl: string
  /** The demo's data folder (its logs are in logs/); removed by stop(). */
  dataDir: string
  /** Everything the demo printed, for failure messages. */
  output: () => string
  stop: () => Promise<void>
}

/** Admin connection string for DB_* (test-utils' variables), or undefined to use embedded PostgreSQL. */
function externalDatabase(name: string): { url: string; admin: string } | undefined {
  const { DB_HOST, DB_PORT, DB_USERNAME, DB_PASSWORD } = process.env
  if (!DB_HOST) return undefined
  const user = encodeURIComponent(DB_USERNAME || "postgres")
  const password = DB_PASSWORD ? `:${encodeURIComponent(DB_PASSWORD)}` : ""
  const base = `postgres://${user}${password}@${DB_HOST}:${DB_PORT || "5432"}`
  return { url: `${base}/${name}`, admin: `${base}/postgres` }
}

async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl })
  await client.connect()
  try {
    await client.query(`drop database if exists ${client.escapeIdentifier(name)} with (force)`)
  } finally {
    await client.end()
  }
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true)
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms)
    child.once("exit", () => {
      clearTimeout(timer)
      resolve(true)
    })
  })
}

/**
 * The suite's shared demo when there is one (see shared-demo.ts), else a demo of the caller's own;
 * `own: true` always starts a new one.
 */
export async function startDemo({
  timeoutMs,
  own = false,
}: {
  timeoutMs: number
  own?: boolean
}): Promise<RunningDemo> {
  const shared = own ? undefined : sharedDemo()
  if (shared) return shared
  const [storePort, sandboxPort, storefrontPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
  ]
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "platega-demo-e2e-"))
  const dbName = `platega_demo_e2e_${process.pid}_${Date.now().toString(36)}`
  const external = externalDatabase(dbName)
  const logFile = path.join(ROOT, "test-results", "e2e-demo.log")
  fs.mkdirSync(path.dirname(logFile), { recursive: true })
  const log = fs.createWriteStream(logFile)

  const child = spawn(process.execPath, [path.join(ROOT, "scripts", "demo.mjs")], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "development",
      DEMO_STORE_PORT: String(storePort),
      DEMO_SANDBOX_PORT: String(sandboxPort),
      DEMO_STOREFRONT_PORT: String(storefrontPort),
      DEMO_DATA_DIR: dataDir,
      DEMO_DB_NAME: dbName,
      // No file watcher: other work in the tree (and this test's screenshots) must not restart the
      // server in the middle of a payment.
      DEMO_SERVER_MODE: "start",
      ...(external ? { DATABASE_URL: external.url } : {}),
    },
    stdio: ["ignore", "pipe", "pipe"],
  })
  let output = ""
  const collect = (chunk: Buffer) => {
    output += chunk.toString()
    log.write(chunk)
  }
  child.stdout?.on("data", collect)
  child.stderr?.on("data", collect)

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM")
      // The demo stops its server, sandbox and database itself; give it time to do that.
      if (!(await waitForExit(child, 60_000))) child.kill("SIGKILL")
    }
    log.end()
    if (external) await dropDatabase(external.admin, dbName).catch(() => undefined)
    fs.rmSync(dataDir, { recursive: true, force: true })
  }

  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the demo was not ready within ${timeoutMs / 1000} s`)),
        timeoutMs,
      )
      const check = () => {
        if (output.includes("The demo shop is ready")) {
          clearTimeout(timer)
          resolve()
        }
      }
      child.stdout?.on("data", check)
      child.once("exit", (code) => {
        clearTimeout(timer)
        reject(new Error(`the demo exited with code ${code} before it was ready`))
      })
    })
  } catch (error) {
    await stop()
    throw new Error(`${(error as Error).message}\n--- demo output ---\n${output}`)
  }

  const storeUrl = `http://localhost:${storePort}`
  return {
    storefrontUrl: `http://localhost:${storefrontPort}`,
    storeUrl,
    adminUrl: `${storeUrl}/app`,
    sandboxUrl: `http://localhost:${sandboxPort}`,
    dataDir,
    output: () => output,
    stop,
  }
}
