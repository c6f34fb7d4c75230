import type { StoredSettings } from "../settings/definition"

const SETTINGS_TABLE = "platega_settings"
/** A settings change is in force in every process within this time (it is re-read, not pushed). */
export const SETTINGS_TTL_MS = 2_000

interface Knexish {
  raw(sql: string, bindings?: unknown[]): Promise<{ rows: unknown[] }>
}

/** The stored row, or undefined when there is none (or the table is not migrated yet). */
export async function readSettingsRow(
  pg: Knexish | undefined,
): Promise<StoredSettings | undefined> {
  if (!pg) return undefined
  try {
    const { rows } = await pg.raw(
      `select * from ${SETTINGS_TABLE} where deleted_at is null order by created_at asc limit 1`,
    )
    return rows[0] as StoredSettings | undefined
  } catch (e) {
    // 42P01: the table does not exist yet (migrations not run): the options apply.
    if ((e as { code?: string }).code === "42P01") return undefined
    throw e
  }
}

/**
 * The one settings cache of a process: the stored row by database connection, shared by the
 * module's access and every provider's (six providers would otherwise read it six times per
 * TTL, and a save in the admin would reach them only at their own next read).
 */
const ROWS = new WeakMap<object, { at: number; value: Promise<StoredSettings | undefined> }>()
const NO_DATABASE = {}

/** The row, read at most every `ttlMs` for the whole process; a failed read is not kept. */
export function sharedSettingsRow(
  pg: Knexish | undefined,
  ttlMs: number,
): Promise<StoredSettings | undefined> {
  const key = pg ?? NO_DATABASE
  const now = Date.now()
  const known = ROWS.get(key)
  if (known && now - known.at < ttlMs) return known.value
  const value = readSettingsRow(pg)
  ROWS.set(key, { at: now, value })
  value.catch(() => {
    if (ROWS.get(key)?.value === value) ROWS.delete(key)
  })
  return value
}

/** After a write in this process: every access reads the row again. */
export function forgetSettingsRow(pg: Knexish | undefined): void {
  ROWS.delete(pg ?? NO_DATABASE)
}
