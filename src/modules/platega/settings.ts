import type { EffectiveSettings, SettingKey, SettingSource } from "./access"

/** What the admin may write. A secret left out stays as it is; `null` or "" clears a field. */
export interface SettingsPatch {
  merchant_id?: string | null
  secret?: string | null
  payout_key?: string | null
  base_url?: string | null
  hmac_scheme?: string | null
  sign_path_with_query?: boolean | null
  currencies?: string[] | null
  description?: string | null
  return_url?: string | null
  failed_url?: string | null
  reconcile_min_age_minutes?: number | null
  export_time_zone?: string | null
  csv_separator?: string | null
}

export const SECRET_FIELDS = ["secret", "payout_key"] as const

/** A secret as the admin sees it: whether it is set, and its last 4 characters. */
export interface MaskedSecret {
  set: boolean
  last4: string | null
}

/** The effective settings as the admin sees them: secrets masked, each value with its source. */
export interface AdminSettingsView {
  values: Omit<EffectiveSettings, "secret" | "payoutKey" | "sources" | "timeoutMs"> & {
    secret: MaskedSecret
    payoutKey: MaskedSecret
  }
  sources: Record<SettingKey, SettingSource>
  encryption: { configured: boolean; keyId: string | null }
  lastTest: unknown
  updatedAt: Date | null
}

export function last4(secret: string | undefined | null): string | null {
  return secret ? secret.slice(-4) : null
}
