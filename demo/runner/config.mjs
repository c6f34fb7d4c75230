// Everything the demo can be told through the environment, in one place, with the defaults a store
// owner gets from `npm run demo`.
import path from "node:path"
import { fileURLToPath } from "node:url"

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..")

/**
 * Fixed sandbox credentials, so a restarted demo (same database, same payment sessions) keeps
 * talking to a sandbox that accepts them. They only ever work against the local sandbox.
 */
export const DEMO_CREDENTIALS = {
  merchantId: "0d3e0000-7e57-4000-8000-00000000d3e0",
  secret: "platega-demo-secret",
  payoutKey: "platega-demo-payout-key",
}

/** Must match demo/seed-data.ts (ADMIN, API_KEY_TITLE, SEED_MARKER). */
export const ADMIN = { email: "admin@platega.local", password: "platega-demo" }
export const API_KEY_TITLE = "Platega demo storefront"
export const SEED_MARKER = "platega_demo_seeded_at"

function port(name, fallback) {
  const raw = process.env[name]
  if (raw === undefined || raw === "") return fallback
  const n = Number(raw)
  if (!Number.isInteger(n) || n <= 0 || n > 65535) throw new Error(`${name}=${raw} is not a port`)
  return n
}

export function readConfig(env = process.env) {
  const dataDir = path.resolve(ROOT, env.DEMO_DATA_DIR || ".demo-data")
  const storePort = port("DEMO_STORE_PORT", 9000)
  const sandboxPort = port("DEMO_SANDBOX_PORT", 4010)
  const storefrontPort = port("DEMO_STOREFRONT_PORT", 8000)
  const storeUrl = `http://localhost:${storePort}`
  const storefrontUrl = `http://localhost:${storefrontPort}`
  return {
    dataDir,
    logDir: path.join(dataDir, "logs"),
    storePort,
    sandboxPort,
    storefrontPort,
    /** Embedded PostgreSQL port; a free one is picked when unset. */
    pgPort: env.DEMO_PG_PORT ? port("DEMO_PG_PORT", 0) : undefined,
    /** An existing PostgreSQL instead of the embedded one. */
    databaseUrl: env.DATABASE_URL || undefined,
    dbName: env.DEMO_DB_NAME || "platega_demo",
    storeUrl,
    adminUrl: `${storeUrl}/app`,
    sandboxUrl: `http://localhost:${sandboxPort}`,
    storefrontUrl,
    callbackUrl: `${storeUrl}/hooks/platega`,
    returnUrl: `${storefrontUrl}/return`,
    failedUrl: `${storefrontUrl}/failed`,
    // "develop" reloads the server when a source file changes (what a plugin developer wants);
    // "start" runs the same server and admin without the file watcher (what a test wants).
    serverMode: env.DEMO_SERVER_MODE === "start" ? "start" : "develop",
    /** Type-check the store's TypeScript as Medusa loads it (ts-node's default; slow). */
    typeCheck: env.DEMO_TYPECHECK === "1" || env.DEMO_TYPECHECK === "true",
    /** Run `medusa db:migrate` even when nothing it depends on has changed. */
    forceMigrate: env.DEMO_MIGRATE === "always",
    verbose: env.DEMO_VERBOSE === "1" || env.DEMO_VERBOSE === "true",
    startTimeoutMs: Number(env.DEMO_START_TIMEOUT_MS) || 5 * 60_000,
  }
}
