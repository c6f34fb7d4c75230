// The demo's few direct looks at PostgreSQL: create the database, and read back what the seed left
// (its marker and the storefront's publishable key) without booting Medusa a second time.
import pg from "pg"
import { API_KEY_TITLE, SEED_MARKER } from "./config.mjs"

/** Creates the database named in `databaseUrl` when it does not exist. Returns true if created. */
export async function ensureDatabase(databaseUrl) {
  const url = new URL(databaseUrl)
  const name = decodeURIComponent(url.pathname.replace(/^\//, ""))
  if (!name) throw new Error(`DATABASE_URL names no database: ${redactUrl(databaseUrl)}`)
  url.pathname = "/postgres"
  const client = new pg.Client({ connectionString: url.toString() })
  await client.connect()
  try {
    const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [name])
    if (rowCount) return false
    await client.query(`create database ${client.escapeIdentifier(name)}`)
    return true
  } finally {
    await client.end()
  }
}

/**
 * What the seed left behind: `{ seededAt, publishableKey }`, both undefined on a fresh database.
 * The marker is written last by demo/seed.ts, so its presence means the seed finished.
 */
export async function readSeedState(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const tables = await client.query(
      "select to_regclass('public.store') as store, to_regclass('public.api_key') as api_key",
    )
    const { store, api_key: apiKey } = tables.rows[0]
    if (!store || !apiKey) return {}
    const marker = await client.query(
      "select metadata->>$1 as seeded_at from store where deleted_at is null order by created_at limit 1",
      [SEED_MARKER],
    )
    const key = await client.query(
      `select token from api_key
        where title = $1 and type = 'publishable' and revoked_at is null and deleted_at is null
        order by created_at limit 1`,
      [API_KEY_TITLE],
    )
    return { seededAt: marker.rows[0]?.seeded_at ?? undefined, publishableKey: key.rows[0]?.token }
  } finally {
    await client.end()
  }
}

export function redactUrl(databaseUrl) {
  try {
    const url = new URL(databaseUrl)
    if (url.password) url.password = "***"
    return url.toString()
  } catch {
    return "(unparsable URL)"
  }
}
