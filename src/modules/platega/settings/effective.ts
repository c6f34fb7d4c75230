// The effective settings, as every part of the plugin sees them: the admin's stored row (read at
// most every SETTINGS_TTL_MS, one cache per process) merged over the provider options from
// medusa-config.ts and the defaults. The admin's view and saves of the row are settings-store.ts.
import type { PlategaOptions } from "../plugin-options"
import {
  SETTINGS,
  type PlainField,
  type SettingField,
  type SettingKey,
  type SettingValue,
  type StoredSettings,
} from "./definition"
import { DEFAULT_TIMEOUT_MS } from "../../../lib/platega/defaults"
import type { PgConnection } from "../pg-connection"

export type SettingSource = "settings" | "options" | "default"

type Table = typeof SETTINGS

/** Every setting the store owner may change (from the settings table), with where it came from. */
export type EffectiveSettings = {
  [F in SettingField as Table[F]["key"]]: undefined extends Table[F]["fallback"]
    ? SettingValue<F> | undefined
    : SettingValue<F>
} & {
  timeoutMs: number
  sources: Record<SettingKey, SettingSource>
}

const SETTINGS_TABLE = "platega_settings"
/** A settings change is in force in every process within this time (it is re-read, not pushed). */
export const SETTINGS_TTL_MS = 2_000

/** The stored row, or undefined when there is none (or the table is not migrated yet). */
export async function readSettingsRow(
  pg: PgConnection | undefined,
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
  pg: PgConnection | undefined,
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
export function forgetSettingsRow(pg: PgConnection | undefined): void {
  ROWS.delete(pg ?? NO_DATABASE)
}

/** The plain settings merged one way, field by field; the credentials are a pair (see effective). */
const MERGED = (Object.keys(SETTINGS) as SettingField[]).filter(
  (f): f is Exclude<PlainField, "merchant_id"> => !SETTINGS[f].secret && f !== "merchant_id",
)

/**
 * Settings over options over defaults, field by field; the credentials as one pair: complete
 * credentials in the settings win together, otherwise the options' pair applies.
 */
export function mergeSettings(
  row: StoredSettings | undefined,
  options: PlategaOptions | undefined,
  given: ReadonlySet<string> | undefined,
  decrypt: (ciphertext: string) => string,
): EffectiveSettings {
  const o = options
  const sources = {} as Record<SettingKey, SettingSource>
  const pick = <T>(
    key: SettingKey,
    fromRow: T | null | undefined,
    fromOptions: T | undefined,
    fallback: T,
  ): T => {
    if (fromRow !== null && fromRow !== undefined) {
      sources[key] = "settings"
      return fromRow
    }
    if (fromOptions !== undefined && (given?.has(key) ?? true)) {
      sources[key] = "options"
      return fromOptions
    }
    sources[key] = "default"
    return fallback
  }
  // Complete credentials in the settings win as a pair; otherwise the options' pair applies.
  const rowComplete = !!row?.merchant_id && !!row?.secret_ciphertext
  const merchantId = rowComplete ? row!.merchant_id! : o?.merchantId
  const secret = rowComplete ? decrypt(row!.secret_ciphertext!) : o?.secret
  const credSource: SettingSource = rowComplete ? "settings" : o?.merchantId ? "options" : "default"
  sources.merchantId = credSource
  sources.secret = credSource
  // A payout key belongs to a merchant: the options' key is used only with the options' merchant.
  let payoutKey: string | undefined
  if (
    row?.payout_key_ciphertext &&
    (rowComplete || !row.merchant_id || row.merchant_id === o?.merchantId)
  ) {
    payoutKey = decrypt(row.payout_key_ciphertext)
    sources.payoutKey = "settings"
  } else if (o?.payoutKey && (!rowComplete || merchantId === o.merchantId)) {
    payoutKey = o.payoutKey
    sources.payoutKey = "options"
  } else sources.payoutKey = "default"

  const merged: Record<string, unknown> = {}
  for (const field of MERGED) {
    const s: { key: SettingKey; option?: { name: string }; fallback: unknown } = SETTINGS[field]
    const fromOptions = s.option
      ? (o as Record<string, unknown> | undefined)?.[s.option.name]
      : undefined
    merged[s.key] = pick(s.key, row?.[field], fromOptions, s.fallback)
  }
  return {
    ...(merged as Omit<
      EffectiveSettings,
      "merchantId" | "secret" | "payoutKey" | "timeoutMs" | "sources"
    >),
    merchantId,
    secret,
    payoutKey,
    timeoutMs: o?.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    sources,
  }
}
