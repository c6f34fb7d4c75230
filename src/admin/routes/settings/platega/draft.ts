import type {
  ConnectionTestBody,
  PlainField,
  PlainValue,
  PlategaSettings,
  SecretField,
  SettingsPatch,
} from "./api"
import { SECRET_FIELDS, SETTING_FIELDS } from "../../../../modules/platega/settings"

// What the admin has typed and not saved yet, and the change it makes. Pure: no React here.

const PLAIN_FIELDS = SETTING_FIELDS.filter((f) => !f.secret).map((f) => f.field as PlainField)

/** The fields a connection test uses. */
export const CONNECTION_FIELDS = [
  "merchant_id",
  "secret",
  "payout_key",
  "base_url",
  "hmac_scheme",
  "sign_path_with_query",
] as const

export interface Draft {
  /** Each plain field as typed (lists comma-separated, numbers as text); the switch as a boolean. */
  plain: Record<PlainField, string | boolean>
  /** "" leaves the saved secret alone; text replaces it; null removes it. */
  secrets: Record<SecretField, string | null>
  /** Plain fields to clear: they fall back to medusa-config.ts or the default. */
  reset: PlainField[]
}

function asText(field: PlainField, value: PlainValue): string | boolean {
  if (field === "sign_path_with_query") return value === true
  if (Array.isArray(value)) return value.join(", ")
  return value === null || value === undefined ? "" : String(value)
}

function fromText(field: PlainField, text: string | boolean): PlainValue {
  if (typeof text === "boolean") return text
  const t = text.trim()
  if (!t) return null
  if (field === "currencies" || field === "storefront_origins") {
    return t.split(/[\s,;]+/).filter(Boolean)
  }
  if (field === "reconcile_min_age_minutes") return Number.isFinite(Number(t)) ? Number(t) : t
  return t
}

export function initialDraft(settings: PlategaSettings): Draft {
  const plain = {} as Draft["plain"]
  for (const f of PLAIN_FIELDS) plain[f] = asText(f, settings.fields[f].value)
  return { plain, secrets: { secret: "", payout_key: "" }, reset: [] }
}

/** The change to save: only what differs from the settings in force. */
export function buildPatch(draft: Draft, settings: PlategaSettings): SettingsPatch {
  const patch: SettingsPatch = {}
  const initial = initialDraft(settings)
  for (const f of PLAIN_FIELDS) {
    if (draft.reset.includes(f)) {
      patch[f] = null
      continue
    }
    // Compared as values: "RUB " or an emptied empty field is no change.
    const value = fromText(f, draft.plain[f])
    if (JSON.stringify(value) !== JSON.stringify(fromText(f, initial.plain[f]))) patch[f] = value
  }
  for (const f of SECRET_FIELDS) {
    const value = draft.secrets[f]
    if (value === null) patch[f] = null
    else if (value.trim()) patch[f] = value
  }
  // The merchant id and the secret are saved as a pair: a new secret for the merchant in force
  // (from medusa-config.ts) saves that merchant id with it.
  if (
    typeof patch.secret === "string" &&
    patch.merchant_id === undefined &&
    settings.fields.merchant_id.source !== "settings" &&
    typeof draft.plain.merchant_id === "string" &&
    draft.plain.merchant_id.trim()
  ) {
    patch.merchant_id = draft.plain.merchant_id.trim()
  }
  return patch
}

export function isDirty(draft: Draft, settings: PlategaSettings): boolean {
  return Object.keys(buildPatch(draft, settings)).length > 0
}

/** What a connection test tries: the unsaved connection values, or {} for the saved settings. */
export function connectionTestBody(draft: Draft, settings: PlategaSettings): ConnectionTestBody {
  const patch = buildPatch(draft, settings)
  const body: ConnectionTestBody = {}
  for (const f of CONNECTION_FIELDS) {
    const value = patch[f]
    if (value === undefined) continue
    // A removed payout key is tested without one; other cleared values fall back to the saved.
    if (value === null) {
      if (f === "payout_key") body.payout_key = null
      continue
    }
    body[f] = value
  }
  return body
}
