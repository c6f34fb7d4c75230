import type { Context, Logger } from "@medusajs/framework/types"
import type { EntityManager } from "@medusajs/framework/mikro-orm/knex"
import {
  generateEntityId,
  InjectManager,
  InjectTransactionManager,
  MedusaContext,
  MedusaService,
} from "@medusajs/framework/utils"
import type { PlategaClient } from "../../lib/platega"
import { parsePlategaOptions } from "../../providers/platega/options"
import {
  PlategaAccess,
  providerOptionsFromConfig,
  type EffectiveSettings,
  type PlategaCredentials,
} from "./access"
import type { CallbackKind } from "./callback-outcome"
import { PlategaCallbackEvent } from "./models/callback-event"
import { PlategaPlan } from "./models/plan"
import { PlategaSettings } from "./models/settings"
import { PlategaSettingsAudit } from "./models/settings-audit"
import { PlategaSubscription } from "./models/subscription"
import { PlategaSubscriptionCharge } from "./models/subscription-charge"
import { parsePlategaModuleOptions, type PlategaModuleOptions } from "./options"
import { last4, SECRET_FIELDS, type AdminSettingsView, type SettingsPatch } from "./settings"

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
  PlategaSettings,
  PlategaSettingsAudit,
  PlategaPlan,
  PlategaSubscription,
  PlategaSubscriptionCharge,
}) {
  private readonly moduleOptions_: PlategaModuleOptions
  private readonly access_: PlategaAccess

  constructor(cradle: Cradle, options?: unknown) {
    // eslint-disable-next-line prefer-rest-params
    super(...arguments)
    this.moduleOptions_ = parsePlategaModuleOptions(options)
    const moduleCredentials = (options as { provider?: unknown } | undefined)?.provider
    this.access_ = new PlategaAccess({
      pg: cradle.__pg_connection__,
      // The provider options in medusa-config.ts, or (for a store without the providers) the
      // module's own `provider` option.
      options: moduleCredentials
        ? parsePlategaOptions(moduleCredentials)
        : providerOptionsFromConfig(cradle.configModule),
      logger: cradle.logger,
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
    const [row] = await this.listPlategaSettings({}, { take: 1, order: { created_at: "ASC" } })
    const s = await this.access_.settings()
    const { secret, payoutKey, sources, timeoutMs: _t, ...values } = s
    return {
      values: {
        ...values,
        secret: {
          set: !!secret,
          last4: sources.secret === "settings" ? (row?.secret_last4 ?? null) : last4(secret),
        },
        payoutKey: {
          set: !!payoutKey,
          last4:
            sources.payoutKey === "settings" ? (row?.payout_key_last4 ?? null) : last4(payoutKey),
        },
      },
      sources,
      encryption: {
        configured: this.access_.secretBox.canEncrypt,
        keyId: this.access_.secretBox.currentKeyId ?? null,
      },
      lastTest: row?.last_test ?? null,
      updatedAt: row?.updated_at ?? null,
    }
  }

  /**
   * Saves a partial change. A secret left out stays as it is; null or "" clears it. Secrets are
   * encrypted before they reach the database; without an encryption key, saving one fails (and
   * nothing is saved). The audit records the field names, never the values.
   */
  @InjectTransactionManager()
  async saveSettings(
    patch: SettingsPatch,
    actorId: string | null,
    @MedusaContext() sharedContext: Context<EntityManager> = {},
  ): Promise<string[]> {
    const data: Record<string, unknown> = {}
    const changed: string[] = []
    for (const [key, raw] of Object.entries(patch)) {
      if (raw === undefined) continue
      const value = raw === "" ? null : raw
      changed.push(key)
      if ((SECRET_FIELDS as readonly string[]).includes(key)) {
        const prefix = key === "secret" ? "secret" : "payout_key"
        data[`${prefix}_ciphertext`] =
          value === null ? null : this.access_.secretBox.encrypt(String(value))
        data[`${prefix}_last4`] = value === null ? null : last4(String(value))
      } else {
        data[key] = value
      }
    }
    if (!changed.length) return []
    const [row] = await this.listPlategaSettings(
      {},
      { take: 1, order: { created_at: "ASC" } },
      sharedContext,
    )
    if (row) await this.updatePlategaSettings({ id: row.id, ...data }, sharedContext)
    else await this.createPlategaSettings(data, sharedContext)
    await this.createPlategaSettingsAudits(
      { actor_id: actorId, action: "update", fields: { names: changed } },
      sharedContext,
    )
    this.access_.invalidate()
    return changed
  }

  /** Keeps the last connection test beside the settings (no secrets in it). */
  async saveConnectionTest(result: Record<string, unknown>): Promise<void> {
    const [row] = await this.listPlategaSettings({}, { take: 1, order: { created_at: "ASC" } })
    if (row) await this.updatePlategaSettings({ id: row.id, last_test: result })
    else await this.createPlategaSettings({ last_test: result })
  }

  /** Re-encrypts stored secrets written with an older key under the current one. */
  async rotateSecrets(actorId: string | null): Promise<number> {
    const box = this.access_.secretBox
    const [row] = await this.listPlategaSettings({}, { take: 1, order: { created_at: "ASC" } })
    if (!row) return 0
    const update: Record<string, string> = {}
    for (const column of ["secret_ciphertext", "payout_key_ciphertext"] as const) {
      const value = row[column]
      if (value && box.isStale(value)) update[column] = box.encrypt(box.decrypt(value))
    }
    const n = Object.keys(update).length
    if (n) {
      await this.updatePlategaSettings({ id: row.id, ...update })
      await this.createPlategaSettingsAudits({
        actor_id: actorId,
        action: "rotate",
        fields: { names: Object.keys(update) },
      })
      this.access_.invalidate()
    }
    return n
  }

  static eventKey(input: Pick<CallbackRecordInput, "kind" | "platega_id" | "status">): string {
    return `${input.kind}:${input.platega_id.toLowerCase()}:${input.status.toUpperCase()}`
  }

  /**
   * Records a delivery in one statement: the first delivery of a key creates the record
   * (`created: true`), a repeated one only counts it — atomic under concurrent deliveries.
   */
  @InjectManager()
  async recordCallback(
    input: CallbackRecordInput,
    @MedusaContext() sharedContext: Context<EntityManager> = {},
  ): Promise<{ id: string; created: boolean; outcome: string }> {
    const rows: { id: string; outcome: string; created: boolean }[] =
      await sharedContext.manager!.execute(
        `insert into platega_callback_event (id, event_key, kind, platega_id, status, body)
       values (?, ?, ?, ?, ?, ?)
       on conflict (event_key) where deleted_at is null
       do update set deliveries = platega_callback_event.deliveries + 1, updated_at = now()
       returning id, outcome, (xmax = 0) as created`,
        [
          generateEntityId(undefined, "plcb"),
          PlategaModuleService.eventKey(input),
          input.kind,
          input.platega_id,
          input.status,
          JSON.stringify(input.body),
        ],
      )
    return rows[0]
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
