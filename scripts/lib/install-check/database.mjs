// The store's database for `npm run check:install`: a throw-away database on the PostgreSQL named by
// DB_HOST/… (or an embedded one). Migrating a new Medusa database takes minutes, so the migrated
// database (with the admin user) is kept as a template named by everything migrations depend on
// (the Medusa install, the plugin's migrations and links, medusa-config.ts): a later run with the
// same inputs starts from a copy, and any change to them migrates from scratch again.
import crypto from "node:crypto"
import fs from "node:fs"
import path from "node:path"
import { startEmbeddedPostgres } from "../postgres.mjs"

const TEMPLATE_PREFIX = "platega_install_tpl_"
// Two generations of templates for the stores of a run (npm at two versions, pnpm, yarn).
const KEEP_TEMPLATES = 8

/** Files under dir whose path matches `test`, sorted, for hashing. */
function filesUnder(dir, test, found = []) {
  if (!fs.existsSync(dir)) return found
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) filesUnder(full, test, found)
    else if (test(full)) found.push(full)
  }
  return found.sort()
}

/**
 * The template's name: a hash of the store's install, the plugin's migrations and links, and the
 * README's medusa-config.ts snippet (the written file also holds this run's port).
 */
export function templateName(store, baseStoreDir, configSnippet) {
  const plugin = path.join(
    store,
    "node_modules",
    "medusa-payment-platega",
    ".medusa",
    "server",
    "src",
  )
  const inputs = filesUnder(plugin, (f) => /[/\\]migrations[/\\]|[/\\]links[/\\]/.test(f))
  const hash = crypto.createHash("sha256").update(path.basename(baseStoreDir)).update(configSnippet)
  for (const f of inputs) hash.update(path.relative(store, f)).update(fs.readFileSync(f))
  return TEMPLATE_PREFIX + hash.digest("hex").slice(0, 20)
}

export async function openServer() {
  const { DB_HOST, DB_PORT, DB_USERNAME, DB_PASSWORD } = process.env
  let base
  let embedded
  if (DB_HOST) {
    const auth = `${encodeURIComponent(DB_USERNAME || "postgres")}${DB_PASSWORD ? `:${encodeURIComponent(DB_PASSWORD)}` : ""}`
    base = `postgres://${auth}@${DB_HOST}:${DB_PORT || "5432"}`
  } else {
    embedded = await startEmbeddedPostgres()
    const e = embedded.env
    base = `postgres://${e.DB_USERNAME}:${encodeURIComponent(e.DB_PASSWORD)}@localhost:${e.DB_PORT}`
  }
  const { default: pg } = await import("pg")
  const sql = async (text) => {
    const c = new pg.Client({ connectionString: `${base}/postgres` })
    await c.connect()
    try {
      return await c.query(text)
    } finally {
      await c.end()
    }
  }
  const name = `platega_install_check_${process.pid}`
  return {
    name,
    url: `${base}/${name}`,
    /** Creates the run's database from the template when there is one; true if it did. */
    async create(template) {
      const found = await sql(`select 1 from pg_database where datname = '${template}'`)
      for (let attempt = 0; found.rowCount && attempt < 5; attempt++) {
        try {
          await sql(`create database ${name} template ${template}`)
          return true
        } catch (e) {
          // another run is copying the same template right now
          if (!/being accessed by other users/.test(e.message)) throw e
          await new Promise((r) => setTimeout(r, 2000))
        }
      }
      await sql(`create database ${name}`)
      return false
    },
    /** Keeps the run's migrated database (nothing connected to it) as the template. */
    async saveAsTemplate(template) {
      const building = `${template}_${process.pid}`
      await sql(`create database ${building} template ${name}`)
      try {
        await sql(`alter database ${building} rename to ${template}`)
      } catch {
        await sql(`drop database if exists ${building}`)
      }
      const { rows } = await sql(
        `select datname from pg_database where datname like '${TEMPLATE_PREFIX}%' order by oid desc`,
      )
      for (const { datname } of rows.slice(KEEP_TEMPLATES)) {
        await sql(`drop database if exists ${datname}`).catch(() => {})
      }
    },
    /** Drops the run's database (the next store of the run creates it again). */
    async dropDatabase() {
      await sql(`drop database if exists ${name} with (force)`).catch(() => {})
    },
    async drop() {
      await this.dropDatabase()
      await embedded?.stop()
    },
  }
}
