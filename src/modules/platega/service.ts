import type { Context, Logger } from "@medusajs/framework/types"
import type { EntityManager } from "@medusajs/framework/mikro-orm/knex"
import {
  generateEntityId,
  InjectManager,
  InjectTransactionManager,
  MedusaContext,
  MedusaError,
  MedusaService,
} from "@medusajs/framework/utils"
import { PlategaClient, type ConnectionCall } from "../../lib/platega"
import { givenOptionKeys, parsePlategaOptions } from "../../providers/platega/options"
import {
  ENCRYPTION_KEY_ENV,
  EncryptionKeyError,
  PlategaAccess,
  rawProviderOptionsFromConfig,
  safeEqual,
  type EffectiveSettings,
  type PlategaCredentials,
  type SecretBox,
} from "./access"
import { isFinalOutcome, type CallbackKind } from "./callback-outcome"
import { KnownCallbacks, type RecordedCallback } from "./known-callbacks"
import { PlategaCallbackEvent } from "./models/callback-event"
import { PlategaJobRun } from "./models/job-run"
import { PlategaPayout } from "./models/payout"
import { PlategaPaymentLink } from "./models/payment-link"
import { PlategaExport } from "./models/export"
import { PlategaPlan } from "./models/plan"
import { PlategaSettings } from "./models/settings"
import { PlategaSettingsAudit } from "./models/settings-audit"
import { PlategaSubscription } from "./models/subscription"
import { PlategaSubscriptionCharge } from "./models/subscription-charge"
import { parsePlategaModuleOptions, type PlategaModuleOptions } from "./options"
import {
  isSecretField,
  last4,
  SECRET_FIELDS,
  SETTING_FIELDS,
  type AdminSettingsView,
  type ConnectionCallRecord,
  type ConnectionTestOverrides,
  type ConnectionTestRecord,
  type SealedSecret,
  type SealedSettingsPatch,
  type SettingsPatch,
} from "./settings"

export type { CallbackKind } from "./callback-outcome"

export interface ChargeRecordInput {
  platega_id: string
  subscription_id: string
  status: string
  /** Decimal string in major units. */
  amount: string
  currency_code: string
  charged_at: Date | null
  source: "callback" | "sync"
}

export interface RecordedCharge {
  id: string
  created: boolean
  status: string
  kind: "first" | "renewal" | null
  order_id: string | null
}

export interface CallbackRecordInput {
  kind: CallbackKind
  platega_id: string
  status: string
  body: Record<string, unknown>
}

export interface JobTickClaim {
  job: string
  tick: Date
  /** `running` for a run that starts now; `skipped` (finished at once) with the reason in `detail`. */
  status: "running" | "skipped"
  detail?: string
  instance: string
}

/** The settings row's stored columns: ciphertexts, never plaintext secrets. */
const STORED_COLUMNS = [
  "merchant_id",
  "secret_ciphertext",
  "secret_last4",
  "payout_key_ciphertext",
  "payout_key_last4",
  "base_url",
  "hmac_scheme",
  "sign_path_with_query",
  "currencies",
  "description",
  "return_url",
  "failed_url",
  "reconcile_min_age_minutes",
  "export_time_zone",
  "csv_separator",
] as const

export type StoredSettings = {
  [C in (typeof STORED_COLUMNS)[number]]: C extends "sign_path_with_query"
    ? boolean | null
    : C extends "currencies"
      ? string[] | null
      : C extends "reconcile_min_age_minutes"
        ? number | null
        : string | null
}

type StoredRow = StoredSettings & { last_test?: unknown; updated_at?: Date | null }

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

const trimSlash = (url: string) => url.replace(/\/+$/, "")

function toCallRecord(c: ConnectionCall): ConnectionCallRecord {
  return {
    call: c.call,
    endpoint: c.endpoint,
    outcome: c.status === "rejected" ? "wrong_credentials" : c.status === "ok" ? "ok" : c.status,
    ms: c.ms,
    ...(c.httpStatus !== undefined && { http_status: c.httpStatus }),
    ...(c.code !== undefined && { code: c.code }),
    ...(c.message !== undefined && { message: c.message }),
    ...(c.traceId !== undefined && { trace_id: c.traceId }),
  }
}

type Cradle = {
  logger?: Logger
  configModule?: unknown
  __pg_connection__?: ConstructorParameters<typeof PlategaAccess>[0]["pg"]
}

/**
 * The plugin's data and its one owner of Platega access: the settings (secrets encrypted at
 * rest), the client for the settings in force, the callback check, and the callback log.
 */
class PlategaModuleService extends MedusaService({
  PlategaCallbackEvent,
  PlategaJobRun,
  PlategaPayout,
  PlategaExport,
  PlategaSettings,
  PlategaSettingsAudit,
  PlategaPlan,
  PlategaSubscription,
  PlategaSubscriptionCharge,
  PlategaPaymentLink,
}) {
  private readonly moduleOptions_: PlategaModuleOptions
  private readonly reconcileAgeGiven_: boolean
  private readonly access_: PlategaAccess
  private readonly knownCallbacks_: KnownCallbacks

  /** Writes the deliveries still only counted in memory before the process stops. */
  __hooks = {
    onApplicationPrepareShutdown: () => this.knownCallbacks_.flush(),
  }

  constructor(cradle: Cradle, options?: unknown) {
    // eslint-disable-next-line prefer-rest-params
    super(...arguments)
    this.moduleOptions_ = parsePlategaModuleOptions(options)
    this.reconcileAgeGiven_ =
      (options as { reconcile?: { minAgeMinutes?: unknown } } | undefined)?.reconcile
        ?.minAgeMinutes !== undefined
    // The provider options in medusa-config.ts, or (for a store without the providers) the
    // module's own `provider` option.
    const raw =
      (options as { provider?: unknown } | undefined)?.provider ??
      rawProviderOptionsFromConfig(cradle.configModule)
    this.access_ = new PlategaAccess({
      pg: cradle.__pg_connection__,
      options: raw === undefined ? undefined : parsePlategaOptions(raw),
      given: givenOptionKeys(raw),
      logger: cradle.logger,
    })
    this.knownCallbacks_ = new KnownCallbacks({
      addDeliveries: (counts) => this.addCallbackDeliveries(counts),
      onWriteError: (e) =>
        cradle.logger?.warn(`Platega: could not count repeated callbacks: ${String(e)}`),
    })
  }

  getOptions(): PlategaModuleOptions {
    return this.moduleOptions_
  }

  /** The access object (settings, credentials, client, callback check). */
  get access(): PlategaAccess {
    return this.access_
  }

  /** The effective settings, secrets included: for the plugin's own use, never for a response. */
  getEffectiveSettings(): Promise<EffectiveSettings> {
    return this.access_.settings()
  }

  getCredentials(): Promise<PlategaCredentials> {
    return this.access_.credentials()
  }

  /** The Platega client for the settings in force now. */
  getClient(): Promise<PlategaClient> {
    return this.access_.client()
  }

  /** X-MerchantId/X-Secret of a callback against the credentials in force, in constant time. */
  verifyCallbackHeaders(headers: Record<string, unknown>): Promise<boolean> {
    return this.access_.verifyCallback(headers)
  }

  /** The settings as the admin may see them: secrets as `{ set, last4 }` only. */
  async getSettingsForAdmin(): Promise<AdminSettingsView> {
    const row = (await this.access_.readRow()) as StoredRow | undefined
    const box = this.access_.secretBox
    let error: string | null = null
    let s: EffectiveSettings
    try {
      s = this.access_.effective(row)
    } catch (e) {
      if (!(e instanceof EncryptionKeyError)) throw e
      // Shown to the admin, so the page can say what to set; the values stay masked.
      error = e.message
      s = this.access_.effective(row, () => UNREADABLE)
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
        value: this.moduleOptions_.reconcile.minAgeMinutes,
        source: this.reconcileAgeGiven_ ? "options" : "default",
      }
    }
    const stale = SECRET_FIELDS.filter((f) => {
      const c = row?.[`${f}_ciphertext`]
      return !!c && box.isStale(c)
    })
    return {
      fields: fields as AdminSettingsView["fields"],
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
  @InjectManager()
  async getStoredSettings(
    @MedusaContext() sharedContext: Context<EntityManager> = {},
  ): Promise<StoredSettings | null> {
    const [row] = await this.listPlategaSettings(
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
  sealSettingsPatch(patch: SettingsPatch): SealedSettingsPatch {
    const box = this.access_.secretBox
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
  @InjectTransactionManager()
  async saveSettings(
    patch: SealedSettingsPatch,
    actorId: string | null,
    @MedusaContext() sharedContext: Context<EntityManager> = {},
  ): Promise<{ changed: string[]; auditId: string | null }> {
    const box = this.access_.secretBox
    const row = await this.getStoredSettings(sharedContext)
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
    const [current] = await this.listPlategaSettings(
      {},
      { take: 1, order: { created_at: "ASC" } },
      sharedContext,
    )
    if (current) await this.updatePlategaSettings({ id: current.id, ...data }, sharedContext)
    else await this.createPlategaSettings(data, sharedContext)
    const audit = await this.createPlategaSettingsAudits(
      { actor_id: actorId, action: "update", fields: { names: changed } },
      sharedContext,
    )
    this.access_.invalidate()
    return { changed, auditId: audit.id }
  }

  /** Puts the stored settings back as they were (a workflow's compensation). */
  @InjectTransactionManager()
  async restoreSettings(
    snapshot: StoredSettings | null,
    @MedusaContext() sharedContext: Context<EntityManager> = {},
  ): Promise<void> {
    const [current] = await this.listPlategaSettings(
      {},
      { take: 1, order: { created_at: "ASC" } },
      sharedContext,
    )
    const values: Record<string, unknown> =
      snapshot ?? Object.fromEntries(STORED_COLUMNS.map((c) => [c, null]))
    if (current) await this.updatePlategaSettings({ id: current.id, ...values }, sharedContext)
    else if (snapshot) await this.createPlategaSettings(values, sharedContext)
    this.access_.invalidate()
  }

  /**
   * Tries credentials against Platega: the settings in force, or values the admin has not saved
   * yet. A saved secret is only ever sent to the saved address: testing another base URL needs
   * the secret (and the payout key) typed in. Reads only; the caller keeps the outcome.
   */
  async testConnection(overrides: ConnectionTestOverrides = {}): Promise<ConnectionTestRecord> {
    let s: EffectiveSettings
    try {
      // Read now, not from the few seconds' cache: the admin tests what is saved at this moment.
      s = this.access_.effective(await this.access_.readRow())
    } catch (e) {
      if (e instanceof EncryptionKeyError) {
        throw new MedusaError(MedusaError.Types.NOT_ALLOWED, e.message)
      }
      throw e
    }
    const baseUrl = overrides.base_url ?? s.baseUrl
    const elsewhere = trimSlash(baseUrl) !== trimSlash(s.baseUrl)
    const merchantId = overrides.merchant_id ?? s.merchantId
    const secret = overrides.secret ?? (elsewhere ? undefined : s.secret)
    const payoutKey =
      overrides.payout_key === null
        ? undefined
        : (overrides.payout_key ?? (elsewhere ? undefined : s.payoutKey))
    if (!merchantId) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        "`merchant_id`: enter the merchant id to test the connection",
      )
    }
    if (!secret) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        elsewhere
          ? "`secret`: enter the secret to test another base URL (a saved secret is only sent to the saved address)"
          : "`secret`: enter the secret to test the connection",
      )
    }
    const client = new PlategaClient({
      baseUrl,
      merchantId,
      secret,
      payoutKey,
      hmacScheme: overrides.hmac_scheme ?? s.hmacScheme,
      signPathWithQuery: overrides.sign_path_with_query ?? s.signPathWithQuery,
      // A test answers quickly or not at all: the admin is waiting.
      timeoutMs: Math.min(s.timeoutMs, 10_000),
    })
    const result = await client.testConnection()
    return {
      at: new Date().toISOString(),
      ok: result.calls.every((c) => c.status === "ok"),
      source: Object.values(overrides).some((v) => v !== undefined) ? "form" : "saved",
      base_url: trimSlash(baseUrl),
      merchant_id: merchantId,
      latency_ms: result.latencyMs,
      calls: result.calls.map(toCallRecord),
    }
  }

  /** Keeps the last connection test beside the settings (no secrets in it). */
  async saveConnectionTest(result: ConnectionTestRecord | null): Promise<void> {
    const [row] = await this.listPlategaSettings({}, { take: 1, order: { created_at: "ASC" } })
    const last_test = result as unknown as Record<string, unknown> | null
    if (row) await this.updatePlategaSettings({ id: row.id, last_test })
    else if (result) await this.createPlategaSettings({ last_test })
  }

  /**
   * Re-encrypts stored secrets written with an older key under the current one (after a key
   * rotation), so the old key can be dropped from PLATEGA_ENCRYPTION_OLD_KEYS. Audited as
   * "rotate" with the field names. Returns how many secrets were re-encrypted.
   */
  @InjectTransactionManager()
  async rotateSecrets(
    actorId: string | null,
    @MedusaContext() sharedContext: Context<EntityManager> = {},
  ): Promise<number> {
    const box = this.access_.secretBox
    const [row] = await this.listPlategaSettings(
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
    await this.updatePlategaSettings({ id: row.id, ...update }, sharedContext)
    await this.createPlategaSettingsAudits(
      { actor_id: actorId, action: "rotate", fields: { names: fields } },
      sharedContext,
    )
    this.access_.invalidate()
    return fields.length
  }

  static eventKey(input: Pick<CallbackRecordInput, "kind" | "platega_id" | "status">): string {
    return `${input.kind}:${input.platega_id.toLowerCase()}:${input.status.toUpperCase()}`
  }

  /**
   * Records a delivery: the first delivery of a key creates the record (`created: true`), a
   * repeated one only counts it — atomic under concurrent deliveries. A repeat of a callback whose
   * outcome is final (Platega repeating until it hears a 2xx) is answered from memory and counted
   * a moment later (known-callbacks.ts): the callback URL's most frequent call needs no database.
   */
  async recordCallback(
    input: CallbackRecordInput,
  ): Promise<{ id: string; created: boolean; outcome: string }> {
    const key = PlategaModuleService.eventKey(input)
    const known = this.knownCallbacks_.repeat(key)
    if (known) return { ...known, created: false }
    const saved = await this.upsertCallback(key, input)
    this.knownCallbacks_.remember(key, saved, isFinalOutcome(saved.outcome))
    return saved
  }

  /** Writes the deliveries counted in memory, now (tests; shutdown does it too). */
  flushCallbackDeliveries(): Promise<void> {
    return this.knownCallbacks_.flush()
  }

  /** Creates the record of a delivery, or counts it on the existing one, in one statement. */
  @InjectManager()
  protected async upsertCallback(
    key: string,
    input: CallbackRecordInput,
    @MedusaContext() sharedContext: Context<EntityManager> = {},
  ): Promise<RecordedCallback & { created: boolean }> {
    const rows: (RecordedCallback & { created: boolean })[] = await sharedContext.manager!.execute(
      `insert into platega_callback_event (id, event_key, kind, platega_id, status, body)
       values (?, ?, ?, ?, ?, ?)
       on conflict (event_key) where deleted_at is null
       do update set deliveries = platega_callback_event.deliveries + 1, updated_at = now()
       returning id, outcome, (xmax = 0) as created`,
      [
        generateEntityId(undefined, "plcb"),
        key,
        input.kind,
        input.platega_id,
        input.status,
        JSON.stringify(input.body),
      ],
    )
    return rows[0]
  }

  @InjectManager()
  protected async addCallbackDeliveries(
    counts: Map<string, number>,
    @MedusaContext() sharedContext: Context<EntityManager> = {},
  ): Promise<void> {
    await sharedContext.manager!.execute(
      `update platega_callback_event e
          set deliveries = e.deliveries + c.n::int, updated_at = now()
         from jsonb_each_text(?::jsonb) as c(id, n)
        where e.id = c.id`,
      [JSON.stringify(Object.fromEntries(counts))],
    )
  }

  /**
   * Claims a scheduled job's tick in one statement: the new row's id, or undefined when the tick
   * already has a row (another instance handled it) — atomic across instances.
   */
  @InjectManager()
  async claimJobTick(
    input: JobTickClaim,
    @MedusaContext() sharedContext: Context<EntityManager> = {},
  ): Promise<string | undefined> {
    const now = new Date()
    const rows: { id: string }[] = await sharedContext.manager!.execute(
      `insert into platega_job_run (id, job, tick, status, detail, instance, started_at, finished_at)
       values (?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (job, tick) where deleted_at is null do nothing
       returning id`,
      [
        generateEntityId(undefined, "pljr"),
        input.job,
        input.tick,
        input.status,
        input.detail ?? null,
        input.instance,
        now,
        input.status === "skipped" ? now : null,
      ],
    )
    return rows[0]?.id
  }

  /**
   * Records a subscription charge in one statement, keyed by its unique transaction id: the first
   * delivery creates it, a later one only refreshes its status. Atomic under concurrent deliveries.
   */
  @InjectManager()
  async recordSubscriptionCharge(
    input: ChargeRecordInput,
    @MedusaContext() sharedContext: Context<EntityManager> = {},
  ): Promise<RecordedCharge> {
    const rows: RecordedCharge[] = await sharedContext.manager!.execute(
      `insert into platega_subscription_charge
         (id, platega_id, subscription_id, status, amount, raw_amount, currency_code, charged_at, source)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (platega_id) where deleted_at is null
       do update set status = excluded.status, updated_at = now()
       returning id, status, kind, order_id, (xmax = 0) as created`,
      [
        generateEntityId(undefined, "plchg"),
        input.platega_id.toLowerCase(),
        input.subscription_id,
        input.status,
        input.amount,
        JSON.stringify({ value: input.amount, precision: 20 }),
        input.currency_code,
        input.charged_at,
        input.source,
      ],
    )
    return rows[0]
  }

  /**
   * Takes a charge for building its order, across processes: true for exactly one caller until
   * the order is recorded or the claim runs out (a crashed builder's claim expires).
   */
  @InjectManager()
  async claimSubscriptionCharge(
    id: string,
    seconds: number,
    @MedusaContext() sharedContext: Context<EntityManager> = {},
  ): Promise<boolean> {
    const rows: unknown[] = await sharedContext.manager!.execute(
      `update platega_subscription_charge
          set claimed_until = now() + make_interval(secs => ?), updated_at = now()
        where id = ? and order_id is null and deleted_at is null
          and (claimed_until is null or claimed_until < now())
        returning id`,
      [seconds, id],
    )
    return rows.length === 1
  }
}

export default PlategaModuleService
