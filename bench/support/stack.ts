import axios, { type AxiosInstance } from "axios"
import pg from "pg"
import type { StoreFixture } from "../../integration-tests/helpers/store"
import { createDatabase, dropDatabase, serverUrl } from "./database"
import {
  freePort,
  startMedusa,
  templateDatabase,
  type PlategaEnv,
  type RunningMedusa,
  type WorkerMode,
} from "./medusa"
import { startPlategaCalls, type PlategaCalls } from "./platega-calls"
import { watchProcessedCallbacks, type ProcessedCallbacks } from "./processed-callbacks"
import { startSandboxProcess, type SandboxProcess } from "./sandbox-client"
import { readStore } from "./store"

/** Everything one benchmark run talks to: the sandbox, a fresh store database, Medusa on it. */
export interface Stack {
  sandbox: SandboxProcess
  /** the first (or only) instance serving HTTP */
  medusa: RunningMedusa
  /** every instance serving HTTP (server or shared mode), and every instance */
  servers: RunningMedusa[]
  instances: RunningMedusa[]
  /** the calls the store made to Platega, when asked for (countCalls) */
  calls?: PlategaCalls
  databaseUrl: string
  store: StoreFixture
  /** the storefront's HTTP client (the integration-test helpers take one) */
  api: AxiosInstance
  /** for reading outcomes (orders, callback log) without going through Medusa */
  db: pg.Pool
  /** tells when a transaction's callback has been processed */
  processedCallbacks: ProcessedCallbacks
  stop(): Promise<void>
}

export interface StackOptions {
  say: (m: string) => void
  /** let the benchmarks profile Medusa during their measured windows */
  profile?: boolean
  /** node flags for the sandbox's process (a large seeded export needs a larger heap) */
  sandboxNodeArgs?: string[]
  /**
   * Medusa's production topology instead of one instance: `servers` instances in server mode and
   * `workers` in worker mode, with Medusa's Redis modules on `redisUrl`.
   */
  cluster?: { servers: number; workers: number; redisUrl: string }
  /** put a counter of Platega calls in front of the sandbox's port (Stack.calls) */
  countCalls?: boolean
  /** tells this stack's database and logs from another's in the same run */
  name?: string
}

export async function startStack(options: StackOptions): Promise<Stack> {
  const { say } = options
  // The callback URL is set once Medusa's port is chosen, after every other listener is up (a
  // port just found free is not held: a later listen(0) could be given it).
  const sandbox = await startSandboxProcess({
    // A failed delivery comes back soon (sandbox time), as Platega's retries would.
    callbackRetryIntervalMs: 2_000,
    nodeArgs: options.sandboxNodeArgs,
  })
  const cleanup: (() => Promise<void>)[] = [() => sandbox.stop()]
  const stop = async () => {
    for (const step of cleanup.reverse()) await step().catch(() => {})
  }
  try {
    const template = await templateDatabase(sandbox, say)
    const name = `platega_bench_run_${process.pid}${options.name ? `_${options.name}` : ""}`
    await dropDatabase(name)
    await createDatabase(name, template)
    if (!process.env.BENCH_KEEP_DB) cleanup.push(() => dropDatabase(name))
    const databaseUrl = serverUrl(name)
    let platega: PlategaEnv = sandbox
    let calls: PlategaCalls | undefined
    if (options.countCalls) {
      calls = await startPlategaCalls(sandbox.url)
      cleanup.push(() => calls!.stop())
      platega = { ...sandbox, url: calls.url }
    }
    const { cluster } = options
    const plan: { name: string; mode: WorkerMode; port: number }[] = cluster
      ? [
          ...Array.from({ length: cluster.servers }, (_, i) => ({
            name: `server-${i + 1}`,
            mode: "server" as const,
          })),
          ...Array.from({ length: cluster.workers }, (_, i) => ({
            name: `worker-${i + 1}`,
            mode: "worker" as const,
          })),
        ].map((p) => ({ ...p, port: 0 }))
      : [{ name: "medusa", mode: "shared", port: 0 }]
    const taken = new Set<number>()
    for (const p of plan) {
      do p.port = await freePort()
      while (taken.has(p.port))
      taken.add(p.port)
    }
    await sandbox.control("PUT", "/callback-url", {
      url: `http://localhost:${plan[0].port}/hooks/platega`,
    })
    say(
      `booting ${plan.length === 1 ? "Medusa" : plan.map((p) => p.name).join(", ")} (medusa start, production mode) on database ${name}${cluster ? " and Redis" : ""}`,
    )
    const started = Date.now()
    // Booted together, as a deployment starts them; each stops with the stack, even if another fails.
    const instances: RunningMedusa[] = []
    cleanup.push(() => Promise.all(instances.map((i) => i.stop())).then(() => undefined))
    const booting = await Promise.allSettled(
      plan.map((p) =>
        startMedusa({
          databaseUrl,
          port: p.port,
          platega,
          name: options.name ? `${options.name}-${p.name}` : p.name,
          profile: options.profile,
          mode: p.mode,
          redisUrl: cluster ? cluster.redisUrl : undefined,
        }).then((instance) => {
          instances.push(instance)
          return instance
        }),
      ),
    )
    const failed = booting.find((b) => b.status === "rejected")
    if (failed) throw (failed as PromiseRejectedResult).reason
    const all = booting.map((b) => (b as PromiseFulfilledResult<RunningMedusa>).value)
    const servers = all.filter((_, i) => plan[i].mode !== "worker")
    const medusa = servers[0]
    say(`  ready in ${((Date.now() - started) / 1000).toFixed(0)} s`)
    const db = new pg.Pool({ connectionString: databaseUrl, max: 2 })
    cleanup.push(() => db.end())
    const processedCallbacks = await watchProcessedCallbacks(databaseUrl)
    cleanup.push(() => processedCallbacks.stop())
    return {
      sandbox,
      medusa,
      servers,
      instances: all,
      calls,
      databaseUrl,
      store: await readStore(databaseUrl),
      api: axios.create({ baseURL: medusa.url }),
      db,
      processedCallbacks,
      stop,
    }
  } catch (e) {
    await stop()
    throw e
  }
}
