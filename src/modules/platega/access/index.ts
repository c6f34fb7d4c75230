// The one access object: the effective settings (settings/effective.ts), credentials, clients,
// the callback check and Platega's reads. Beside it: the callback's headers and their
// constant-time comparison (callback-headers.ts), the reads handed to one event's work
// (handed-reads.ts), the secret box (crypto.ts) and the payment claims (payment-claims.ts).
import type { Logger } from "@medusajs/framework/types"
import {
  PlategaClient,
  type PlategaLogger,
  type Subscription,
  type TransactionStatus,
} from "../../../lib/platega"
import { isPaymentLinkTransaction } from "../payment-links"
import type { PlategaOptions } from "../plugin-options"
import type { StoredSettings } from "../settings/definition"
import { isSubscriptionCharge } from "../units/charges"
import { CallbackHeaderCheck } from "./callback-headers"
import { SecretBox } from "./crypto"
import { handedSubscription, handedTransaction } from "./handed-reads"
import {
  forgetSettingsRow,
  mergeSettings,
  readSettingsRow,
  SETTINGS_TTL_MS,
  sharedSettingsRow,
  type EffectiveSettings,
} from "../settings/effective"
import { PaymentClaims, recordCheckoutTransaction } from "./payment-claims"
import type { PgConnection } from "../pg-connection"

export { SecretBox, EncryptionKeyError, ENCRYPTION_KEY_ENV, OLD_KEYS_ENV } from "./crypto"
export { PAYMENT_CLAIMS_TABLE, PaymentClaims, type ClaimKind } from "./payment-claims"

/** What is needed to call Platega. */
export interface PlategaCredentials {
  merchantId: string
  secret: string
  payoutKey?: string
  baseUrl: string
  hmacScheme: string
  signPathWithQuery: boolean
  timeoutMs: number
}

/** The raw settings row (see models/settings.ts). */
export type SettingsRow = StoredSettings

export class PlategaNotConfiguredError extends Error {
  override name = "PlategaNotConfiguredError"
  constructor() {
    super(
      "Platega is not configured: set merchantId and secret in the provider options (medusa-config.ts) or in the admin under Settings → Platega",
    )
  }
}

export interface PlategaAccessInit {
  /** Medusa's shared PostgreSQL connection (knex), `__pg_connection__` in any container. */
  pg?: PgConnection
  /** The provider options from medusa-config.ts, already validated. */
  options?: PlategaOptions
  /**
   * The option names actually written (see givenOptionKeys): the others hold defaults, and a
   * setting taken from them has the source "default". Unset: every option counts as written.
   */
  given?: ReadonlySet<string>
  logger?: Logger
  box?: SecretBox
  ttlMs?: number
}

/**
 * The one way every part of the plugin reaches Platega: the effective settings (the admin's,
 * else the provider options), a client for them, and the callback check. Nothing is kept beyond
 * `ttlMs`, so a change saved by any process is in force in every process within that time.
 * The `platega` module service owns one; the payment providers get one through their loader.
 */
export class PlategaAccess {
  private readonly box: SecretBox
  private readonly ttlMs: number
  /** The effective settings of the last row this access merged (the merge decrypts). */
  private merged?: { row: SettingsRow | undefined; value: EffectiveSettings }
  private readonly clients = new Map<string, PlategaClient>()
  private readonly callbackHeaders = new CallbackHeaderCheck()
  /** Which Medusa payment each Platega payment pays (one, at most). */
  readonly claims: PaymentClaims

  constructor(private readonly init: PlategaAccessInit) {
    this.box = init.box ?? new SecretBox()
    this.ttlMs = init.ttlMs ?? SETTINGS_TTL_MS
    this.claims = new PaymentClaims(init.pg)
  }

  /** Records the checkout a new transaction was made for (models/checkout-transaction.ts). */
  recordCheckout(record: Parameters<typeof recordCheckoutTransaction>[1]): Promise<void> {
    return recordCheckoutTransaction(this.init.pg, record)
  }

  /** Whether payment link record `paymentLinkId` was made with `transactionId` (payment-links.ts). */
  isPaymentLinkTransaction(transactionId: string, paymentLinkId: string): Promise<boolean> {
    return isPaymentLinkTransaction(this.init.pg, transactionId, paymentLinkId)
  }

  /** Whether `chargeId` is a charge of subscription `subscriptionId` (units/charges.ts). */
  isSubscriptionCharge(chargeId: string, subscriptionId: string): Promise<boolean> {
    return isSubscriptionCharge(this.init.pg, chargeId, subscriptionId)
  }

  get secretBox(): SecretBox {
    return this.box
  }

  /** Forget the settings row read (after a write in this process): for every access of it. */
  invalidate(): void {
    forgetSettingsRow(this.init.pg)
  }

  async settings(): Promise<EffectiveSettings> {
    const row = await this.sharedRow()
    if (!this.merged || this.merged.row !== row) this.merged = { row, value: this.effective(row) }
    return this.merged.value
  }

  /** The settings row, read at most every `ttlMs` by the process (settings/effective.ts). */
  private sharedRow(): Promise<SettingsRow | undefined> {
    return sharedSettingsRow(this.init.pg, this.ttlMs)
  }

  async credentials(): Promise<PlategaCredentials> {
    const s = await this.settings()
    if (!s.merchantId || !s.secret) throw new PlategaNotConfiguredError()
    return {
      merchantId: s.merchantId,
      secret: s.secret,
      payoutKey: s.payoutKey,
      baseUrl: s.baseUrl,
      hmacScheme: s.hmacScheme,
      signPathWithQuery: s.signPathWithQuery,
      timeoutMs: s.timeoutMs,
    }
  }

  /** The client for the credentials in force now; one per credential set. */
  async client(): Promise<PlategaClient> {
    return this.clientFor(await this.credentials())
  }

  /**
   * GET /transaction/{id}: Platega's answer now, or the answer this event already read when the
   * caller runs inside `withHandedReads` (below). Nothing else is remembered.
   */
  async readTransaction(id: string): Promise<TransactionStatus> {
    return handedTransaction(id) ?? (await this.client()).getTransaction(id)
  }

  /** GET /subscription/{id} the same way. */
  async readSubscription(id: string): Promise<Subscription> {
    return handedSubscription(id) ?? (await this.client()).getSubscription(id)
  }

  clientFor(c: PlategaCredentials): PlategaClient {
    const key = [
      c.baseUrl,
      c.merchantId,
      c.secret,
      c.payoutKey ?? "",
      c.hmacScheme,
      c.signPathWithQuery,
      c.timeoutMs,
    ].join("\u0000")
    let client = this.clients.get(key)
    if (!client) {
      if (this.clients.size >= 8) this.clients.clear()
      client = new PlategaClient({
        baseUrl: c.baseUrl,
        merchantId: c.merchantId,
        secret: c.secret,
        payoutKey: c.payoutKey,
        hmacScheme: c.hmacScheme,
        signPathWithQuery: c.signPathWithQuery,
        timeoutMs: c.timeoutMs,
        logger: this.init.logger ? medusaLogger(this.init.logger) : undefined,
      })
      this.clients.set(key, client)
    }
    return client
  }

  /**
   * Whether X-MerchantId/X-Secret are the credentials in force, compared in constant time
   * (callback-headers.ts). Unconfigured: nothing matches.
   */
  async verifyCallback(headers: Record<string, unknown>): Promise<boolean> {
    let c: PlategaCredentials
    try {
      c = await this.credentials()
    } catch (e) {
      if (e instanceof PlategaNotConfiguredError) return false
      throw e
    }
    return this.callbackHeaders.matches(headers, c)
  }

  /** The stored row, or undefined when there is none (or the table is not migrated yet). */
  readRow(): Promise<SettingsRow | undefined> {
    return readSettingsRow(this.init.pg)
  }

  /**
   * Settings over options over defaults, field by field; the credentials as one pair (see
   * mergeSettings). `decrypt` replaces the secret box (the admin view uses a stand-in when a stored
   * secret is unreadable).
   */
  effective(
    row: SettingsRow | undefined,
    decrypt: (ciphertext: string) => string = (c) => this.box.decrypt(c),
  ): EffectiveSettings {
    return mergeSettings(row, this.init.options, this.init.given, decrypt)
  }
}

/** The client logs redacted messages; this only adapts them to Medusa's logger. */
function medusaLogger(logger: Logger): PlategaLogger {
  const line = (m: string, meta?: object) => (meta ? `${m} ${JSON.stringify(meta)}` : m)
  return {
    debug: (m, meta) => logger.debug(line(m, meta)),
    info: (m, meta) => logger.info(line(m, meta)),
    warn: (m, meta) => logger.warn(line(m, meta)),
    error: (m, meta) => logger.error(line(m, meta)),
    // Lets the client skip building lines for levels the store does not log (debug, mostly).
    shouldLog: (level) => logger.shouldLog(level),
  }
}
