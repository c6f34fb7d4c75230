import type { EntityManager } from "@medusajs/framework/mikro-orm/knex"
import type { Context } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import {
  ENCRYPTION_KEY_ENV,
  EncryptionKeyError,
  type PlategaAccess,
  type SecretBox,
} from "../access"
import { safeEqual } from "../access/callback-headers"
import type { EffectiveSettings } from "./effective"
import { baseUrlKind } from "../../../lib/platega/hosts"
import {
  isSecretField,
  last4,
  SECRET_FIELDS,
  SETTING_FIELDS,
  STORED_COLUMNS,
  type AdminSettingsView,
  type ConnectionTestRecord,
  type SealedSecret,
  type SealedSettingsPatch,
  type SettingsPatch,
  type StoredSettings,
} from "."

/**
 * The settings' one home on the server: the admin's view (secrets masked), sealing a change's
 * secrets, saving it with its audit record, putting it back, the last connection test and the
 * re-encryption after a key rotation. The service's settings methods delegate here; it reads and
 * writes the row through the service's generated methods, in the service's transaction.
 */

type Row = StoredSettings & { id: string; last_test?: unknown; updated_at?: Date | null }
type StoredRow = StoredSettings & { last_test?: unknown; updated_at?: Date | null }

/** The service's generated methods for the settings row and its audit. */
export interface SettingsRows {
  listPlategaSettings(
    filters: object,
    config: { take: number; order: { created_at: "ASC" } },
    context?: Context<EntityManager>,
  ): Promise<Row[]>
  updatePlategaSettings(data: object, context?: Context<EntityManager>): Promise<unknown>
  createPlategaSettings(data: object, context?: Context<EntityManager>): Promise<unknown>
  createPlategaSettingsAudits(
    data: object,
    context?: Context<EntityManager>,
  ): Promise<{ id: string }>
}

/** Stands in for a stored secret that cannot be decrypted (only ever in the admin view). */
const UNREADABLE = "\u0000unreadable"

function encryptionKeyAdvice(): string {
  return `saving a secret needs an encryption key: set ${ENCRYPTION_KEY_ENV} (a 32-byte key, e.g. from: openssl rand -base64 32) in the environment of every Medusa process and restart it`
}

/** Whether two ciphertexts hold the same secret (then saving it again changes nothing). */
function sameSecret(box: SecretBox, a: string, b: string): boolean {
  try {
    return safeEqual(box.decrypt(a), box.decrypt(b)) === 1
  } catch {
    return false
  }
}

/**
 * The secret goes wherever the base URL points: moving it needs the secret typed in the same
 * change, so a stolen admin session cannot send the merchant's secret to a host of its choosing.
 * Clearing the base URL (back to the provider options) may clear the secret with it.
 */
function requireSecretWithBaseUrl(patch: SealedSettingsPatch): void {
  const movedTo = patch.base_url
  if (patch.secret === undefined || (movedTo !== null && patch.secret === null)) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      "`secret`: changing `base_url` needs the secret entered again in the same change (it is sent to the new address)",
    )
  }
}

export class SettingsStore {
  constructor(
    private readonly access: PlategaAccess,
    private readonly rows: SettingsRows,
    /** The module's own reconcile option, shown when the setting is not set. */
    private readonly reconcile: { minAgeMinutes: number; given: boolean },
  ) {}

  /** The settings as the admin may see them: secrets as `{ set, last4 }` only. */
  async view(): Promise<AdminSettingsView> {
    const row = (await this.access.readRow()) as StoredRow | undefined
    const box = this.access.secretBox
    let error: string | null = null
    let s: EffectiveSettings
    try {
      s = this.access.effective(row)
    } catch (e) {
      if (!(e instanceof EncryptionKeyError)) throw e
      // Shown to the admin, so the page can say what to set; the values stay masked.
      error = e.message
      s = this.access.effective(row, () => UNREADABLE)
    }
    const fields = {} as Record<string, unknown>
    for (const { field, key } of SETTING_FIELDS) {
      if (isSecretField(field)) {
        const value = s[key] as string | undefined
        const stored = s.sources[key] === "settings"
        fields[field] = {
          set: !!value,
          last4: stored ? (row?.[`${field}_last4`] ?? null) : last4(value),
          source: s.sources[key],
        }
      } else {
        fields[field] = { value: s[key] ?? null, source: s.sources[key] }
      }
    }
    // Not set here: the reconciliation job runs with the module's own option.
    const reconcile = fields.reconcile_min_age_minutes as { value: unknown; source: string }
    if (reconcile.value === null) {
      fields.reconcile_min_age_minutes = {
        value: this.reconcile.minAgeMinutes,
        source: this.reconcile.given ? "options" : "default",
      }
    }
    const stale = SECRET_FIELDS.filter((f) => {
      const c = row?.[`${f}_ciphertext`]
      return !!c && box.isStale(c)
    })
    const kind = baseUrlKind(s.baseUrl)
    return {
      fields: fields as AdminSettingsView["fields"],
      base_url_is_platega: kind === "platega",
      base_url_kind: kind,
      encryption: {
        configured: box.canEncrypt,
        key_id: box.currentKeyId ?? null,
        env: ENCRYPTION_KEY_ENV,
        stale,
        error,
      },
      last_test: row?.last_test ?? null,
      updated_at: row?.updated_at ?? null,
    }
  }

  /** The stored row as it is (ciphertexts, not secrets), e.g. to restore it. */
  async stored(sharedContext: Context<EntityManager> = {}): Promise<StoredSettings | null> {
    const [row] = await this.rows.listPlategaSettings(
      {},
      { take: 1, order: { created_at: "ASC" } },
      sharedContext,
    )
    if (!row) return null
    const snapshot = {} as StoredSettings
    const stored = row as unknown as Record<string, unknown>
    for (const column of STORED_COLUMNS)
      (snapshot as Record<string, unknown>)[column] = stored[column] ?? null
    return snapshot
  }

  /**
   * Encrypts the secrets of a change, so that what travels on (a workflow's input, which Medusa
   * may keep in its execution store) never holds one in plain text. Without an encryption key a
   * secret is refused (INVALID_DATA, naming the field and the variable to set).
   */
  seal(patch: SettingsPatch): SealedSettingsPatch {
    const box = this.access.secretBox
    const sealed: Record<string, unknown> = {}
    for (const { field } of SETTING_FIELDS) {
      const raw = patch[field]
      if (raw === undefined) continue
      const value = raw === "" ? null : raw
      if (!isSecretField(field) || value === null) {
        sealed[field] = value
        continue
      }
      if (!box.canEncrypt) {
        throw new MedusaError(
          MedusaError.Types.INVALID_DATA,
          `\`${field}\`: ${encryptionKeyAdvice()}`,
        )
      }
      sealed[field] = { ciphertext: box.encrypt(String(value)), last4: last4(String(value)) }
    }
    return sealed as SealedSettingsPatch
  }

  /**
   * Saves a partial change (its secrets sealed by sealSettingsPatch). A field left out stays as it
   * is; null clears it. Refused with nothing saved (INVALID_DATA, naming the field): a merchant id
   * without its secret or the other way round, since they are used as a pair. The audit records
   * the names of the fields that really changed, never a value.
   */
  async save(
    patch: SealedSettingsPatch,
    actorId: string | null,
    sharedContext: Context<EntityManager> = {},
  ): Promise<{ changed: string[]; auditId: string | null }> {
    const box = this.access.secretBox
    const row = await this.stored(sharedContext)
    const data: Record<string, unknown> = {}
    const changed: string[] = []
    for (const { field } of SETTING_FIELDS) {
      const value = patch[field]
      if (value === undefined) continue
      if (isSecretField(field)) {
        const stored = row?.[`${field}_ciphertext`] ?? null
        const next = value as SealedSecret | null
        if (next === null && stored === null) continue
        if (next && stored && sameSecret(box, stored, next.ciphertext)) continue
        data[`${field}_ciphertext`] = next?.ciphertext ?? null
        data[`${field}_last4`] = next?.last4 ?? null
      } else {
        const before = row?.[field] ?? null
        if (JSON.stringify(before) === JSON.stringify(value)) continue
        data[field] = value
      }
      changed.push(field)
    }
    if (!changed.length) return { changed, auditId: null }
    if (changed.includes("base_url")) requireSecretWithBaseUrl(patch)
    const next = { ...(row ?? {}), ...data }
    if (
      (changed.includes("merchant_id") || changed.includes("secret")) &&
      !!next.merchant_id !== !!next.secret_ciphertext
    ) {
      const missing = next.merchant_id ? "secret" : "merchant_id"
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `\`${missing}\`: the merchant id and the secret are saved as a pair: enter both, or clear both to use the provider options`,
      )
    }
    const [current] = await this.rows.listPlategaSettings(
      {},
      { take: 1, order: { created_at: "ASC" } },
      sharedContext,
    )
    if (current) await this.rows.updatePlategaSettings({ id: current.id, ...data }, sharedContext)
    else await this.rows.createPlategaSettings(data, sharedContext)
    const audit = await this.rows.createPlategaSettingsAudits(
      {
        actor_id: actorId,
        action: "update",
        fields: {
          names: changed,
          // Where the secret goes is not a secret: the audit keeps the move, and what it points at.
          ...(changed.includes("base_url") && {
            base_url: { from: row?.base_url ?? null, to: next.base_url ?? null },
          }),
        },
      },
      sharedContext,
    )
    this.access.invalidate()
    return { changed, auditId: audit.id }
  }

  /** Puts the stored settings back as they were (a workflow's compensation). */
  async restore(
    snapshot: StoredSettings | null,
    sharedContext: Context<EntityManager> = {},
  ): Promise<void> {
    const [current] = await this.rows.listPlategaSettings(
      {},
      { take: 1, order: { created_at: "ASC" } },
      sharedContext,
    )
    const values: Record<string, unknown> =
      snapshot ?? Object.fromEntries(STORED_COLUMNS.map((c) => [c, null]))
    if (current) await this.rows.updatePlategaSettings({ id: current.id, ...values }, sharedContext)
    else if (snapshot) await this.rows.createPlategaSettings(values, sharedContext)
    this.access.invalidate()
  }

  /** Keeps the last connection test beside the settings (no secrets in it). */
  async saveTest(result: ConnectionTestRecord | null): Promise<void> {
    const [row] = await this.rows.listPlategaSettings({}, { take: 1, order: { created_at: "ASC" } })
    const last_test = result as unknown as Record<string, unknown> | null
    if (row) await this.rows.updatePlategaSettings({ id: row.id, last_test })
    else if (result) await this.rows.createPlategaSettings({ last_test })
  }

  /**
   * Re-encrypts stored secrets written with an older key under the current one (after a key
   * rotation), so the old key can be dropped from PLATEGA_ENCRYPTION_OLD_KEYS. Audited as
   * "rotate" with the field names. Returns how many secrets were re-encrypted.
   */
  async rotate(
    actorId: string | null,
    sharedContext: Context<EntityManager> = {},
  ): Promise<number> {
    const box = this.access.secretBox
    const [row] = await this.rows.listPlategaSettings(
      {},
      { take: 1, order: { created_at: "ASC" } },
      sharedContext,
    )
    if (!row) return 0
    const update: Record<string, string> = {}
    const fields: string[] = []
    for (const field of SECRET_FIELDS) {
      const value = row[`${field}_ciphertext`]
      if (!value || !box.isStale(value)) continue
      try {
        update[`${field}_ciphertext`] = box.encrypt(box.decrypt(value))
      } catch (e) {
        if (e instanceof EncryptionKeyError) {
          throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `\`${field}\`: ${e.message}`)
        }
        throw e
      }
      fields.push(field)
    }
    if (!fields.length) return 0
    await this.rows.updatePlategaSettings({ id: row.id, ...update }, sharedContext)
    await this.rows.createPlategaSettingsAudits(
      { actor_id: actorId, action: "rotate", fields: { names: fields } },
      sharedContext,
    )
    this.access.invalidate()
    return fields.length
  }
}
