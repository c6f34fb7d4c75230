import type { Context, Logger } from "@medusajs/framework/types"
import type { EntityManager } from "@medusajs/framework/mikro-orm/knex"
import {
  InjectManager,
  InjectTransactionManager,
  MedusaContext,
  MedusaService,
} from "@medusajs/framework/utils"
import type { PlategaClient } from "../../lib/platega"
import { PlategaAccess } from "./access"
import { PlategaCallbackEvent } from "./models/callback-event"
import { PlategaCaseResolution } from "./models/case-resolution"
import { PlategaCheckoutTransaction } from "./models/checkout-transaction"
import { PlategaJobRun } from "./models/job-run"
import { PlategaPayout } from "./models/payout"
import { PlategaPaymentClaim } from "./models/payment-claim"
import { PlategaPaymentLink } from "./models/payment-link"
import { PlategaExport } from "./models/export"
import { PlategaPlan } from "./models/plan"
import { PlategaRereadBudget } from "./models/reread-budget"
import { PlategaSettings } from "./models/settings"
import { PlategaSettingsAudit } from "./models/settings-audit"
import { PlategaSubscription } from "./models/subscription"
import { PlategaSubscriptionCharge } from "./models/subscription-charge"
import {
  moduleProviderOptions,
  parsePlategaModuleOptions,
  type PlategaModuleOptions,
} from "./plugin-options"
import type {
  AdminSettingsView,
  ConnectionTestOverrides,
  ConnectionTestRecord,
  SealedSettingsPatch,
  SettingsPatch,
  StoredSettings,
} from "./settings"
import { testConnection } from "./settings/connection-test"
import type { EffectiveSettings } from "./settings/effective"
import { SettingsStore, type SettingsRows } from "./settings/settings-store"
import {
  addCallbackDeliveries,
  callbackEventKey,
  deleteExpiredCallbackEvents,
  isFinalOutcome,
  KnownCallbacks,
  loadCallbackEvent,
  markCallbackEvent,
  upsertCallbackEvent,
  type CallbackOutcomeMark,
  type CallbackRecordInput,
  type CallbackRetentionCutoffs,
  upsertFinding,
  type TransactionFinding,
} from "./units/callback-log"
import {
  claimCharge,
  recordCharge,
  type ChargeRecordInput,
  type RecordedCharge,
} from "./units/charges"
import { touchExport } from "./units/exports"
import { claimJobTick, type JobTickClaim } from "./units/job-runs"
import {
  UnauthenticatedBudget,
  type BudgetDecision,
  type BudgetRequest,
} from "./units/unauthenticated-budget"
import { payerKey } from "./units/payer-key"
import {
  deleteEndedPaymentStarts,
  takePaymentStart,
  type PaymentStartDecision,
  type PaymentStartKeys,
} from "./units/payment-start-budget"

export type { CallbackKind } from "./callback-outcome"
export type { CallbackRecordInput } from "./units/callback-log"
export type { ChargeRecordInput, RecordedCharge } from "./units/charges"
export type { JobTickClaim } from "./units/job-runs"

type Ctx = Context<EntityManager>

type Cradle = {
  logger?: Logger
  configModule?: unknown
  __pg_connection__?: ConstructorParameters<typeof PlategaAccess>[0]["pg"]
}

/**
 * The plugin's data and its one owner of Platega access. Each concern lives in a unit of its own
 * and this class only delegates to it (keeping the method names the rest of the plugin calls):
 * the settings (settings/settings-store.ts, settings/connection-test.ts), Platega access
 * (access/), the callback log (units/callback-log.ts), job runs (units/job-runs.ts) and
 * subscription charges (units/charges.ts), exports (units/exports.ts). Raw SQL runs in the
 * manager the decorators inject.
 */
class PlategaModuleService extends MedusaService({
  PlategaCallbackEvent,
  PlategaCheckoutTransaction,
  PlategaCaseResolution,
  PlategaJobRun,
  PlategaPayout,
  PlategaExport,
  PlategaSettings,
  PlategaSettingsAudit,
  PlategaPlan,
  PlategaSubscription,
  PlategaSubscriptionCharge,
  PlategaRereadBudget,
  PlategaPaymentLink,
  PlategaPaymentClaim,
}) {
  private readonly moduleOptions_: PlategaModuleOptions
  private readonly reconcileAgeGiven_: boolean
  private readonly access_: PlategaAccess
  private readonly knownCallbacks_: KnownCallbacks
  private readonly unauthenticatedBudget_ = new UnauthenticatedBudget(
    () => this.moduleOptions_.unauthenticatedCallbacks,
  )
  private readonly settings_: SettingsStore
  private payerKey_?: Promise<string>

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
    this.access_ = new PlategaAccess({
      pg: cradle.__pg_connection__,
      ...moduleProviderOptions(options, cradle.configModule),
      logger: cradle.logger,
    })
    this.settings_ = new SettingsStore(this.access_, this as unknown as SettingsRows, {
      minAgeMinutes: this.moduleOptions_.reconcile.minAgeMinutes,
      given: this.reconcileAgeGiven_,
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

  /** The Platega client for the settings in force now. */
  getClient(): Promise<PlategaClient> {
    return this.access_.client()
  }

  /** X-MerchantId/X-Secret of a callback against the credentials in force, in constant time. */
  verifyCallbackHeaders(headers: Record<string, unknown>): Promise<boolean> {
    return this.access_.verifyCallback(headers)
  }

  // ---- settings (settings/settings-store.ts) ----------------------------------------------

  /** The settings as the admin may see them: secrets as `{ set, last4 }` only. */
  getSettingsForAdmin(): Promise<AdminSettingsView> {
    return this.settings_.view()
  }

  /** The stored row as it is (ciphertexts, not secrets), e.g. to restore it. */
  @InjectManager()
  async getStoredSettings(
    @MedusaContext() sharedContext: Ctx = {},
  ): Promise<StoredSettings | null> {
    return this.settings_.stored(sharedContext)
  }

  /** Encrypts a change's secrets (see SettingsStore.seal). */
  sealSettingsPatch(patch: SettingsPatch): SealedSettingsPatch {
    return this.settings_.seal(patch)
  }

  /** Saves a partial change with its audit record (see SettingsStore.save). */
  @InjectTransactionManager()
  async saveSettings(
    patch: SealedSettingsPatch,
    actorId: string | null,
    @MedusaContext() sharedContext: Ctx = {},
  ): Promise<{ changed: string[]; auditId: string | null }> {
    return this.settings_.save(patch, actorId, sharedContext)
  }

  /** Puts the stored settings back as they were (a workflow's compensation). */
  @InjectTransactionManager()
  async restoreSettings(
    snapshot: StoredSettings | null,
    @MedusaContext() sharedContext: Ctx = {},
  ): Promise<void> {
    return this.settings_.restore(snapshot, sharedContext)
  }

  /** Tries credentials against Platega (see settings/connection-test.ts). */
  testConnection(overrides: ConnectionTestOverrides = {}): Promise<ConnectionTestRecord> {
    return testConnection(this.access_, overrides)
  }

  /** Keeps the last connection test beside the settings (no secrets in it). */
  saveConnectionTest(result: ConnectionTestRecord | null): Promise<void> {
    return this.settings_.saveTest(result)
  }

  /** Re-encrypts secrets written with an older key (see SettingsStore.rotate). */
  @InjectTransactionManager()
  async rotateSecrets(
    actorId: string | null,
    @MedusaContext() sharedContext: Ctx = {},
  ): Promise<number> {
    return this.settings_.rotate(actorId, sharedContext)
  }

  // ---- callback log (units/callback-log.ts) -----------------------------------------------

  static eventKey(
    input: Pick<CallbackRecordInput, "kind" | "platega_id" | "status" | "authenticated">,
  ): string {
    return callbackEventKey(input)
  }

  /**
   * Records a delivery: the first of a key creates the record (`created: true`), a repeat only
   * counts it, atomically. A repeat of a callback whose outcome is final (Platega repeating until it
   * hears a 2xx) is answered from memory and counted a moment later (KnownCallbacks).
   */
  async recordCallback(
    input: CallbackRecordInput,
  ): Promise<{ id: string; created: boolean; outcome: string }> {
    const key = callbackEventKey(input)
    const known = this.knownCallbacks_.repeat(key)
    if (known) return { ...known, created: false }
    const saved = await this.upsertCallback(key, input)
    this.knownCallbacks_.remember(key, saved, isFinalOutcome(saved.outcome))
    return saved
  }

  /** A recorded callback with its transaction's checkout, in one statement (units/callback-log.ts). */
  @InjectManager()
  async loadCallback(id: string, @MedusaContext() ctx: Ctx = {}) {
    return loadCallbackEvent(ctx.manager!, id)
  }

  /** Writes a callback's outcome, counting the attempt; the outcome it had before (one statement). */
  @InjectManager()
  async markCallbackOutcome(id: string, mark: CallbackOutcomeMark, @MedusaContext() ctx: Ctx = {}) {
    return markCallbackEvent(ctx.manager!, id, mark)
  }

  /** The log record of what the store's own read found (see units/callback-log.ts). */
  @InjectManager()
  async recordFinding(finding: TransactionFinding, @MedusaContext() ctx: Ctx = {}) {
    return upsertFinding(ctx.manager!, finding)
  }

  /**
   * Takes one Platega read from the budget of callbacks without merchant headers: for this id and
   * this client address (see api/hooks/platega/client-address.ts; none for a retry), or for a
   * charge of a subscription the store knows, from that subscription's own allowance.
   */
  @InjectManager()
  async takeUnauthenticatedBudget(
    request: BudgetRequest,
    @MedusaContext() sharedContext: Ctx = {},
  ): Promise<BudgetDecision> {
    return this.unauthenticatedBudget_.take(
      (sql, bindings) => sharedContext.manager!.execute(sql, bindings),
      request,
    )
  }

  /** Deletes one batch of callback rows past their retention; how many (see the retention job). */
  @InjectManager()
  async deleteExpiredCallbacks(
    cutoffs: CallbackRetentionCutoffs,
    batchSize: number,
    @MedusaContext() sharedContext: Ctx = {},
  ): Promise<number> {
    return deleteExpiredCallbackEvents(sharedContext.manager!, cutoffs, batchSize)
  }

  /** Counts one payment start of a cart and a client; refused past the limits (module options). */
  @InjectManager()
  async takePaymentStart(
    keys: PaymentStartKeys,
    @MedusaContext() sharedContext: Ctx = {},
  ): Promise<PaymentStartDecision> {
    return takePaymentStart(
      (sql, bindings) => sharedContext.manager!.execute(sql, bindings),
      this.moduleOptions_.paymentStarts,
      keys,
    )
  }

  /** Deletes the payment-start counts of windows that have ended (see the retention job). */
  @InjectManager()
  async deleteEndedPaymentStarts(@MedusaContext() sharedContext: Ctx = {}): Promise<number> {
    const windowMs = this.moduleOptions_.paymentStarts.windowMinutes * 60_000
    return deleteEndedPaymentStarts(
      (sql, bindings) => sharedContext.manager!.execute(sql, bindings),
      new Date(Date.now() - windowMs),
    )
  }

  /** The key of guest payer ids: the store's own, the same on every instance (units/payer-key.ts). */
  @InjectManager()
  async guestPayerKey(@MedusaContext() sharedContext: Ctx = {}): Promise<string> {
    this.payerKey_ ??= payerKey(
      (sql, bindings) => sharedContext.manager!.execute(sql, bindings),
      this.access_.secretBox,
      async () => (await this.access_.settings()).secret,
    ).catch((e: unknown) => {
      this.payerKey_ = undefined
      throw e
    })
    return this.payerKey_
  }

  /** Writes the deliveries counted in memory, now (tests; shutdown does it too). */
  flushCallbackDeliveries(): Promise<void> {
    return this.knownCallbacks_.flush()
  }

  @InjectManager()
  protected async upsertCallback(
    key: string,
    input: CallbackRecordInput,
    @MedusaContext() ctx: Ctx = {},
  ) {
    return upsertCallbackEvent(ctx.manager!, key, input)
  }

  @InjectManager()
  protected async addCallbackDeliveries(
    counts: Map<string, number>,
    @MedusaContext() ctx: Ctx = {},
  ) {
    return addCallbackDeliveries(ctx.manager!, counts)
  }

  /** An export's sign of life while it is written (see workflows/exports). */
  @InjectManager()
  async touchPlategaExport(id: string, @MedusaContext() sharedContext: Ctx = {}): Promise<void> {
    return touchExport(sharedContext.manager!, id)
  }

  // ---- job runs (units/job-runs.ts) -------------------------------------------------------

  /** Claims a scheduled job's tick across instances: the run's id, or undefined if taken. */
  @InjectManager()
  async claimJobTick(
    input: JobTickClaim,
    @MedusaContext() sharedContext: Ctx = {},
  ): Promise<string | undefined> {
    return claimJobTick(sharedContext.manager!, input)
  }

  // ---- subscription charges (units/charges.ts) --------------------------------------------

  /** Records a charge once per transaction id; a repeat refreshes its status. */
  @InjectManager()
  async recordSubscriptionCharge(
    input: ChargeRecordInput,
    @MedusaContext() sharedContext: Ctx = {},
  ): Promise<RecordedCharge> {
    return recordCharge(sharedContext.manager!, input)
  }

  /** Takes a charge for building its order: true for exactly one caller until it expires. */
  @InjectManager()
  async claimSubscriptionCharge(
    id: string,
    seconds: number,
    @MedusaContext() sharedContext: Ctx = {},
  ): Promise<boolean> {
    return claimCharge(sharedContext.manager!, id, seconds)
  }
}

export default PlategaModuleService
