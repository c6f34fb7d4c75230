import { z } from "zod"
import { DEFAULT_BASE_URL } from "../../../lib/platega/defaults"
import {
  CSV_SEPARATORS,
  baseUrl,
  clearable,
  currencies,
  description,
  hmacScheme,
  merchantId,
  returnAddress,
  secret,
  storefrontOrigins,
  timeZone,
} from "./fields"
import {
  currenciesOption,
  descriptionOption,
  flagOption,
  hmacSchemeOption,
  merchantIdOption,
  secretOption,
  optional,
  urlOption,
} from "./option-fields"

/**
 * THE settings table: every setting the store owner may change, once. From it come the stored
 * row's columns and type, the admin's validator and save patch, the merge with the provider
 * options (settings over options over the default), the provider options' schema and the admin
 * form's fields. Adding a setting is one row here (and a column in models/settings.ts).
 *
 * - the row's name: the admin API's field and the settings row's column (secrets: `<name>_ciphertext`
 *   and `<name>_last4`)
 * - `key`: its name in EffectiveSettings
 * - `schema`: the value as the admin may write it (messages name the admin field)
 * - `option`: the provider option (medusa-config.ts) that sets it (named as `key`), with that
 *   option's schema
 *   (messages name the option; a developer's config may point at a sandbox on any host, so some
 *   accept more than the admin does); none: only the admin sets it
 * - `fallback`: the value when neither sets it
 * - `secret`: stored encrypted, shown masked
 */

export { DEFAULT_BASE_URL }
/**
 * What the payer reads on Platega's page and in their bank app: the shop and what they bought
 * (Platega's pages are Russian), for a subscription how often it is charged. No internal id.
 */
export const DEFAULT_DESCRIPTION = "{store}: {order}, {plan}"
export const DEFAULT_EXPORT_TIME_ZONE = "Europe/Moscow"
export const DEFAULT_CSV_SEPARATOR = ";"
/** The languages of the admin's notifications (Medusa's feed shows one text to every admin). */
export const NOTIFICATION_LANGUAGES = ["en", "ru"] as const
export type NotificationLanguage = (typeof NOTIFICATION_LANGUAGES)[number]
// Medusa's admin speaks English unless each user picks another language.
export const DEFAULT_NOTIFICATION_LANGUAGE: NotificationLanguage = "en"

interface Setting {
  key: string
  schema: z.ZodType
  option?: { name: string; schema: z.ZodType }
  fallback: unknown
  secret: boolean
}

const reconcileMinutes = z
  .number({ error: "`reconcile_min_age_minutes` must be a number of minutes" })
  .int("`reconcile_min_age_minutes` must be a whole number of minutes")
  .min(1, "`reconcile_min_age_minutes` must be at least 1")
  .max(1440, "`reconcile_min_age_minutes` must be at most 1440 (a day)")

/** A row whose provider option has the setting's EffectiveSettings name. */
function optionRow<K extends string, S extends z.ZodType, F, Secret extends boolean = false>(
  key: K,
  schema: S,
  optionSchema: z.ZodType,
  fallback: F,
  secret = false as Secret,
) {
  return { key, schema, option: { name: key, schema: optionSchema }, fallback, secret }
}

type Text = string | undefined

export const SETTINGS = {
  merchant_id: optionRow("merchantId", merchantId, merchantIdOption, undefined as Text),
  secret: optionRow("secret", secret("secret"), secretOption("secret"), undefined as Text, true),
  payout_key: optionRow("payoutKey", secret("payout_key"), secretOption(), undefined as Text, true),
  base_url: optionRow("baseUrl", baseUrl, urlOption("baseUrl"), DEFAULT_BASE_URL as string),
  hmac_scheme: optionRow("hmacScheme", hmacScheme, hmacSchemeOption, "PG-HMAC" as string),
  sign_path_with_query: optionRow(
    "signPathWithQuery",
    z.boolean({ error: "`sign_path_with_query` must be true or false" }),
    flagOption,
    false as boolean,
  ),
  currencies: optionRow("currencies", currencies, currenciesOption, ["RUB"] as string[]),
  description: optionRow(
    "description",
    description,
    descriptionOption,
    DEFAULT_DESCRIPTION as string,
  ),
  return_url: optionRow(
    "returnUrl",
    returnAddress("return_url"),
    urlOption("returnUrl"),
    undefined as Text,
  ),
  failed_url: optionRow(
    "failedUrl",
    returnAddress("failed_url"),
    urlOption("failedUrl"),
    undefined as Text,
  ),
  // Not set: the origins of Medusa's `projectConfig.http.storeCors`.
  storefront_origins: optionRow(
    "storefrontOrigins",
    storefrontOrigins("storefront_origins"),
    optional(storefrontOrigins("storefrontOrigins")),
    undefined as string[] | undefined,
  ),
  // Its option is the module's `reconcile.minAgeMinutes` (see the settings view).
  reconcile_min_age_minutes: {
    key: "reconcileMinAgeMinutes",
    schema: reconcileMinutes,
    fallback: undefined as number | undefined,
    secret: false,
  },
  export_time_zone: {
    key: "exportTimeZone",
    schema: timeZone,
    fallback: DEFAULT_EXPORT_TIME_ZONE as string,
    secret: false,
  },
  csv_separator: {
    key: "csvSeparator",
    schema: z.enum(CSV_SEPARATORS, {
      error: '`csv_separator` must be one of ";" "," "|" or a tab',
    }),
    fallback: DEFAULT_CSV_SEPARATOR as string,
    secret: false,
  },
  notification_language: {
    key: "notificationLanguage",
    schema: z.enum(NOTIFICATION_LANGUAGES, {
      error: '`notification_language` must be "en" or "ru"',
    }),
    fallback: DEFAULT_NOTIFICATION_LANGUAGE as NotificationLanguage,
    secret: false,
  },
} as const satisfies Record<string, Setting>

type Table = typeof SETTINGS
export type SettingField = keyof Table
/** A setting's name in EffectiveSettings. */
export type SettingKey = Table[SettingField]["key"]
export type SecretField = {
  [F in SettingField]: Table[F]["secret"] extends true ? F : never
}[SettingField]
export type PlainField = Exclude<SettingField, SecretField>
/** A setting's value as the admin writes it (after its schema). */
export type SettingValue<F extends SettingField> = z.output<Table[F]["schema"]>

/** Every setting, in the table's order: the admin form's fields and the loops over settings. */
export type SettingEntry = {
  [F in SettingField]: { field: F; key: Table[F]["key"]; secret: Table[F]["secret"] }
}[SettingField]
export const SETTING_FIELDS = Object.entries(SETTINGS).map(([field, s]) => ({
  field,
  key: s.key,
  secret: s.secret,
})) as SettingEntry[]

export const SECRET_FIELDS = SETTING_FIELDS.filter((s) => s.secret).map(
  (s) => s.field,
) as SecretField[]

export function isSecretField(field: string): field is SecretField {
  return (SECRET_FIELDS as readonly string[]).includes(field)
}

/** What the admin may write. A secret left out stays as it is; `null` or "" clears a field. */
export type SettingsPatch = { [F in SettingField]?: SettingValue<F> | null }

/** The settings row's stored columns: plain values, and ciphertexts (never secrets). */
export type StoredSettings = { [F in PlainField]: SettingValue<F> | null } & {
  [F in SecretField as `${F}_ciphertext` | `${F}_last4`]: string | null
}

export const STORED_COLUMNS = SETTING_FIELDS.flatMap((s) =>
  s.secret ? [`${s.field}_ciphertext`, `${s.field}_last4`] : [s.field],
) as (keyof StoredSettings)[]

/** POST /admin/platega/settings: a partial change; a field left out stays as it is. */
export const settingsPatchSchema = z.object(
  Object.fromEntries(Object.entries(SETTINGS).map(([field, s]) => [field, clearable(s.schema)])),
) as unknown as z.ZodObject<{
  [F in SettingField]: z.ZodOptional<z.ZodType<SettingValue<F> | null, unknown>>
}>

/** The provider options that set a setting, by option name, with their schemas. */
export const PROVIDER_OPTION_SCHEMAS = Object.fromEntries(
  Object.values(SETTINGS).flatMap((s: Setting) =>
    !s.option
      ? []
      : [
          [
            s.option.name,
            s.fallback === undefined ? s.option.schema : s.option.schema.default(s.fallback),
          ],
        ],
  ),
) as Record<string, z.ZodType>
