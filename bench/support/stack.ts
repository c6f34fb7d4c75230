import axios, { type AxiosInstance } from "axios"
import pg from "pg"
import type { StoreFixture } from "../../integration-tests/helpers/store"
import { createDatabase, dropDatabase, serverUrl } from "./database"
import { freePort, startMedusa, templateDatabase, type RunningMedusa } from "./medusa"
import { startSandboxProcess, type SandboxProcess } from "./sandbox-client"
import { readStore } from "./store"

/** Everything one benchmark run talks to: the sandbox, a fresh store database, Medusa on it. */
export interface Stack {
  sandbox: SandboxProcess
  medusa: RunningMedusa
  databaseUrl: string
  store: StoreFixture
  /** the storefront's HTTP client (the integration-test helpers take one) */
  api: AxiosInstance
  /** for reading outcomes (orders, callback log) without going through Medusa */
  db: pg.Pool
  stop(): Promise<void>
}

export interface StackOptions {
  say: (m: string) => void
  /** let the benchmarks profile Medusa during their measured windows */
  profile?: boolean
  /** node flags for the sandbox's process (a large seeded export needs a larger heap) */
  sandboxNodeArgs?: string[]
}

export async function startStack(options: StackOptions): Promise<Stack> {
  const { say } = options
  const port = await freePort()
  const sandbox = await startSandboxProcess({
    callbackUrl: `http://localhost:${port}/hooks/platega`,
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
    const name = `platega_bench_run_${process.pid}`
    await dropDatabase(name)
    await createDatabase(name, template)
    if (!process.env.BENCH_KEEP_DB) cleanup.push(() => dropDatabase(name))
    const databaseUrl = serverUrl(name)
    say(`booting Medusa (medusa start, production mode) on database ${name}`)
    const started = Date.now()
    const medusa = await startMedusa({
      databaseUrl,
      port,
      platega: sandbox,
      name: "medusa",
      profile: options.profile,
    })
    cleanup.push(() => medusa.stop())
    say(`  ready in ${((Date.now() - started) / 1000).toFixed(0)} s`)
    const db = new pg.Pool({ connectionString: databaseUrl, max: 2 })
    cleanup.push(() => db.end())
    return {
      sandbox,
      medusa,
      databaseUrl,
      store: await readStore(databaseUrl),
      api: axios.create({ baseURL: medusa.url }),
      db,
      stop,
    }
  } catch (e) {
    await stop()
    throw e
  }
}
