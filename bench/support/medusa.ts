import { spawn, type ChildProcess } from "node:child_process"
import fs from "node:fs"
import net from "node:net"
import path from "node:path"
import {
  createDatabase,
  databaseExists,
  dropDatabase,
  renameDatabase,
  serverUrl,
  storeFingerprint,
} from "./database"

/**
 * A real Medusa store for the benchmarks: `medusa start` (production mode, admin off) on a fresh
 * PostgreSQL database cloned from a migrated and seeded template, talking to the sandbox over HTTP.
 */

export const ROOT = path.resolve(__dirname, "..", "..")
export const RESULTS_DIR = path.join(ROOT, "bench", "results")
const MEDUSA_CLI = path.join(ROOT, "node_modules", "@medusajs", "cli", "cli.js")

export interface PlategaEnv {
  url: string
  merchantId: string
  secret: string
  payoutKey: string
}

/** Medusa's MEDUSA_WORKER_MODE: HTTP and background work, HTTP only, or background only. */
export type WorkerMode = "shared" | "server" | "worker"

/**
 * `redisUrl`: Medusa's Redis modules (medusa-config.ts) on that Redis; null: the in-process ones;
 * undefined: BENCH_REDIS_URL when set.
 */
function medusaEnv(
  databaseUrl: string,
  platega: PlategaEnv,
  redisUrl?: string | null,
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    MEDUSA_ADMIN_DISABLED: "true",
    MEDUSA_DISABLE_TELEMETRY: "true",
    PLATEGA_BASE_URL: platega.url,
    PLATEGA_MERCHANT_ID: platega.merchantId,
    PLATEGA_SECRET: platega.secret,
    PLATEGA_PAYOUT_KEY: platega.payoutKey,
    PLATEGA_RETURN_URL: "http://localhost:8000/return",
  }
  // The in-process event bus, locking and workflow engine unless asked otherwise: one instance.
  const redis = redisUrl === undefined ? process.env.BENCH_REDIS_URL : redisUrl
  if (redis) env.REDIS_URL = redis
  else delete env.REDIS_URL
  delete env.MEDUSA_WORKER_MODE
  return env
}

function logFile(name: string): string {
  fs.mkdirSync(RESULTS_DIR, { recursive: true })
  return path.join(RESULTS_DIR, `${name}.log`)
}

async function run(args: string[], env: NodeJS.ProcessEnv, log: string): Promise<void> {
  const out = fs.openSync(log, "a")
  try {
    const child = spawn(process.execPath, [MEDUSA_CLI, ...args], {
      cwd: ROOT,
      env,
      stdio: ["ignore", out, out],
    })
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve))
    if (code !== 0) throw new Error(`medusa ${args.join(" ")} failed (${code}); see ${log}`)
  } finally {
    fs.closeSync(out)
  }
}

/**
 * The name of a database holding a migrated, seeded store (built once per store fingerprint and
 * kept: migrating takes a minute that every run would otherwise pay).
 */
export async function templateDatabase(
  platega: PlategaEnv,
  say: (m: string) => void,
): Promise<string> {
  const name = `platega_bench_tpl_${storeFingerprint(ROOT)}`
  if (await databaseExists(name)) return name
  const building = `${name}_building`
  await dropDatabase(building)
  await createDatabase(building)
  const env = medusaEnv(serverUrl(building), platega)
  const log = logFile("template")
  say(`building the store template ${name} (migrations, seed; once per schema change)`)
  await run(["db:migrate"], env, log)
  await run(["exec", "./bench/support/seed-store.ts"], env, log)
  // Renamed only when complete: a half-built template is never picked up.
  await renameDatabase(building, name)
  return name
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

export interface RunningMedusa {
  /** as started (e.g. "server-1"); its log is bench/results/<name>.log */
  name: string
  url: string
  pid: number
  log: string
  /** CPU time (user + system) the Medusa process has used so far, ms */
  cpuMs(): number
  /**
   * Runs `fn`; with profiling on (BENCH_PROFILE=1), V8's profiler records Medusa during it and the
   * profile is written to bench/results/profile-<name>.cpuprofile. Returns the file, if any.
   */
  profile<T>(name: string, fn: () => Promise<T>): Promise<{ result: T; file?: string }>
  stop(): Promise<void>
}

const PROFILE_HOOK = path.join(__dirname, "profile-hook.cjs")
const PROFILE_FILE = path.join(RESULTS_DIR, "medusa-profile.cpuprofile")

/** CPU time of a process, from /proc (Linux); 0 where that is not available. */
export function processCpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ")
    const ticks = Number(fields[11]) + Number(fields[12]) // utime + stime, in clock ticks (1/100 s)
    return ticks * 10
  } catch {
    return 0
  }
}

export async function startMedusa(options: {
  databaseUrl: string
  port: number
  platega: PlategaEnv
  name: string
  /** preload the profiler hook, so profile() records */
  profile?: boolean
  mode?: WorkerMode
  /** see medusaEnv */
  redisUrl?: string | null
}): Promise<RunningMedusa> {
  const log = logFile(options.name)
  const out = fs.openSync(log, "w")
  const nodeArgs = options.profile ? ["--require", PROFILE_HOOK] : []
  const child: ChildProcess = spawn(
    process.execPath,
    [...nodeArgs, MEDUSA_CLI, "start", "--port", String(options.port)],
    {
      cwd: ROOT,
      env: {
        ...medusaEnv(options.databaseUrl, options.platega, options.redisUrl),
        MEDUSA_WORKER_MODE: options.mode ?? "shared",
        PORT: String(options.port),
        BENCH_PROFILE_FILE: PROFILE_FILE,
      },
      stdio: ["ignore", out, out],
    },
  )
  fs.closeSync(out)
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()))
  const url = `http://localhost:${options.port}`
  const deadline = Date.now() + 300_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Medusa exited (${child.exitCode}); see ${log}`)
    if (Date.now() > deadline) {
      child.kill("SIGTERM")
      throw new Error(`Medusa did not answer /health within 5 minutes; see ${log}`)
    }
    const ok = await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) break
    await new Promise((r) => setTimeout(r, 500))
  }
  const pid = child.pid!
  return {
    name: options.name,
    url,
    pid,
    log,
    cpuMs: () => processCpuMs(pid),
    async profile(name, fn) {
      if (!options.profile) return { result: await fn() }
      fs.rmSync(PROFILE_FILE, { force: true })
      process.kill(pid, "SIGUSR2")
      await new Promise((r) => setTimeout(r, 200))
      const result = await fn()
      process.kill(pid, "SIGUSR2")
      const deadline = Date.now() + 60_000
      while (!fs.existsSync(PROFILE_FILE)) {
        if (Date.now() > deadline) throw new Error("Medusa wrote no profile within 60 s")
        await new Promise((r) => setTimeout(r, 200))
      }
      const file = path.join(RESULTS_DIR, `profile-${name}.cpuprofile`)
      fs.renameSync(PROFILE_FILE, file)
      return { result, file }
    },
    async stop() {
      if (child.exitCode !== null) return
      child.kill("SIGTERM")
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000)
      await exited
      clearTimeout(timer)
    },
  }
}
