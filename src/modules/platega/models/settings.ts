import { model } from "@medusajs/framework/utils"

/**
 * What a store owner may change in the admin (one row). A null column means "not set here": the
 * provider options in medusa-config.ts apply. Secrets are stored only as AES-256-GCM ciphertext
 * (see access/crypto.ts) with their last 4 characters for the masked form. The columns are those
 * of the settings table (settings/definition.ts), written out because Medusa's model reads them
 * statically; a unit spec checks the two agree.
 */
export const PlategaSettings = model.define("platega_settings", {
  id: model.id({ prefix: "plset" }).primaryKey(),
  merchant_id: model.text().nullable(),
  secret_ciphertext: model.text().nullable(),
  secret_last4: model.text().nullable(),
  payout_key_ciphertext: model.text().nullable(),
  payout_key_last4: model.text().nullable(),
  base_url: model.text().nullable(),
  hmac_scheme: model.text().nullable(),
  sign_path_with_query: model.boolean().nullable(),
  currencies: model.json().nullable(),
  description: model.text().nullable(),
  return_url: model.text().nullable(),
  failed_url: model.text().nullable(),
  storefront_origins: model.json().nullable(),
  reconcile_min_age_minutes: model.number().nullable(),
  export_time_zone: model.text().nullable(),
  csv_separator: model.text().nullable(),
  notification_language: model.text().nullable(),
  /**
   * The store's own key of guest payer ids (see payer.ts): random, made once, encrypted like the
   * secrets. Never shown nor changed in the admin.
   */
  payer_key_ciphertext: model.text().nullable(),
  /** The last connection test: { at, ok, results }. */
  last_test: model.json().nullable(),
})
