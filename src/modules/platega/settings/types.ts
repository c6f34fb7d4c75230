import type { BaseUrlKind } from "../../../lib/platega/hosts"
import type { EffectiveSettings, SettingSource } from "./effective"
import type { PlainField, SecretField, SettingEntry, SettingsPatch } from "./definition"

/** A secret already encrypted (AES-256-GCM) with its last 4 characters for the masked form. */
export interface SealedSecret {
  ciphertext: string
  last4: string | null
}

/**
 * A change with its secrets encrypted: what a workflow may carry (Medusa can keep a workflow's
 * input in its execution store). null clears a field.
 */
export type SealedSettingsPatch = {
  [F in PlainField]?: Exclude<SettingsPatch[F], "">
} & {
  [F in SecretField]?: SealedSecret | null
}

/** One call of a connection test, as the admin sees it (and as it is kept). */
export interface ConnectionCallRecord {
  /** merchant: X-MerchantId/X-Secret; payout_key: a PG-HMAC signed read. */
  call: "merchant" | "payout_key"
  endpoint: string
  outcome: "ok" | "wrong_credentials" | "unreachable" | "skipped"
  ms: number
  http_status?: number
  /** Platega's error code, message and traceId, when it answered with an error. */
  code?: string
  message?: string
  trace_id?: string
}

/** A connection test: no secret in it, so it can be kept and shown. */
export interface ConnectionTestRecord {
  at: string
  ok: boolean
  /** saved: the settings in force; form: values sent with the test, not saved yet. */
  source: "saved" | "form"
  base_url: string
  merchant_id: string
  latency_ms: number
  calls: ConnectionCallRecord[]
}

/** Values to test before saving them; what is left out comes from the settings in force. */
export interface ConnectionTestOverrides {
  merchant_id?: string
  secret?: string
  /** null: test without a payout key. */
  payout_key?: string | null
  base_url?: string
  hmac_scheme?: string
  sign_path_with_query?: boolean
}

/** A secret as the admin sees it: whether it is set, and its last 4 characters. */
export interface MaskedSecret {
  set: boolean
  last4: string | null
}

type PlainKey = Exclude<SettingEntry, { secret: true }>

/** One setting as the admin sees it: the value in force and where it came from. */
type AdminSettingValue<F extends PlainKey> = {
  value: EffectiveSettings[F["key"]] | null
  source: SettingSource
}

/** The effective settings as the admin sees them: secrets masked, each value with its source. */
export interface AdminSettingsView {
  fields: { [F in PlainKey as F["field"]]: AdminSettingValue<F> } & {
    secret: MaskedSecret & { source: SettingSource }
    payout_key: MaskedSecret & { source: SettingSource }
  }
  encryption: {
    /** Whether secrets can be saved (an encryption key is configured). */
    configured: boolean
    /** Id of the key new writes use (derived from the key; not secret). */
    key_id: string | null
    /** The environment variable to set. */
    env: string
    /** Stored secrets written with an older key, to re-encrypt under the current one. */
    stale: string[]
    /** Why a stored secret cannot be read, when it cannot (the key is missing or wrong). */
    error: string | null
  }
  /** Whether the base URL in force is Platega's own API host (anything else is flagged). */
  base_url_is_platega: boolean
  /** platega, sandbox (on loopback) or other: an address that is not Platega's. */
  base_url_kind: BaseUrlKind
  /** The last connection test (no secrets in it). */
  last_test: unknown
  updated_at: Date | null
}

/** Shorter secrets show no characters at all: four of them would give too much away. */
const MIN_LENGTH_FOR_LAST4 = 12

export function last4(secret: string | undefined | null): string | null {
  return secret && secret.length >= MIN_LENGTH_FOR_LAST4 ? secret.slice(-4) : null
}
