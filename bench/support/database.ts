import crypto from "node:crypto"
import fs from "node:fs"
import path from "node:path"
import pg from "pg"

/** PostgreSQL for the benchmarks: the same DB_* variables as the tests (DB_HOST must be localhost). */
export function serverUrl(database = "postgres"): string {
  const e = process.env
  const user = encodeURIComponent(e.DB_USERNAME ?? "postgres")
  const password = e.DB_PASSWORD ? `:${encodeURIComponent(e.DB_PASSWORD)}` : ""
  return `postgres://${user}${password}@${e.DB_HOST ?? "localhost"}:${e.DB_PORT ?? "5432"}/${database}`
}

export async function withClient<T>(
  url: string,
  fn: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

export async function databaseExists(name: string): Promise<boolean> {
  return withClient(serverUrl(), async (c) => {
    const { rowCount } = await c.query("select 1 from pg_database where datname = $1", [name])
    return !!rowCount
  })
}

export async function createDatabase(name: string, template?: string): Promise<void> {
  await withClient(serverUrl(), async (c) => {
    const from = template ? ` template ${c.escapeIdentifier(template)}` : ""
    await c.query(`create database ${c.escapeIdentifier(name)}${from}`)
  })
}

export async function dropDatabase(name: string): Promise<void> {
  await withClient(serverUrl(), async (c) => {
    await c.query(`drop database if exists ${c.escapeIdentifier(name)} with (force)`)
  })
}

export async function renameDatabase(from: string, to: string): Promise<void> {
  await withClient(serverUrl(), async (c) => {
    await c.query(`alter database ${c.escapeIdentifier(from)} rename to ${c.escapeIdentifier(to)}`)
  })
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((d) =>
      d.isDirectory() ? filesUnder(path.join(dir, d.name)) : [path.join(dir, d.name)],
    )
    .sort()
}

/**
 * A hash of what shapes a migrated, seeded store: the lockfile, the store config, the plugin's
 * migrations, models and links, and the seed. A template database is reused while it holds.
 */
export function storeFingerprint(root: string): string {
  const hash = crypto.createHash("sha256")
  const files = [
    "package-lock.json",
    "medusa-config.ts",
    "demo/seed.ts",
    "demo/seed-data.ts",
    "bench/support/seed-store.ts",
    ...filesUnder(path.join(root, "src", "modules")).map((f) => path.relative(root, f)),
    ...filesUnder(path.join(root, "src", "links")).map((f) => path.relative(root, f)),
  ].filter((f) => !f.includes("__tests__"))
  for (const file of files) {
    const full = path.join(root, file)
    hash.update(file + "\0")
    if (fs.existsSync(full)) hash.update(fs.readFileSync(full))
  }
  return hash.digest("hex").slice(0, 12)
}
