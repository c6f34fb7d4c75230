import { Module } from "@medusajs/framework/utils"
import PlategaModuleService from "./service"

export const PLATEGA_MODULE = "platega"

export default Module(PLATEGA_MODULE, {
  service: PlategaModuleService,
})

export { PlategaModuleService }
export * from "./events"
export * from "./callback-outcome"
export { isFinalOutcome } from "./units/callback-log"
export * from "./flagged-cases"
export * from "./payouts"
export type {
  AdminSettingsView,
  ConnectionCallRecord,
  ConnectionTestOverrides,
  ConnectionTestRecord,
  MaskedSecret,
  SealedSettingsPatch,
  SettingsPatch,
} from "./settings"
export {
  DEFAULT_BASE_URL,
  DEFAULT_DESCRIPTION,
  DESCRIPTION_TOKENS,
  SETTING_FIELDS,
  type StoredSettings,
} from "./settings"
export * from "./plugin-options"
export * from "./subscription-plan"
export * from "./subscription-status"
export * from "./subscription-reference"
export * from "./payer"
export * from "./return-addresses"
export type { ChargeRecordInput, RecordedCharge } from "./service"
export { headerValue } from "./access/callback-headers"
export { withHandedReads, type ReadsToHand } from "./access/handed-reads"
export {
  PlategaAccess,
  type PlategaAccessInit,
  PlategaNotConfiguredError,
  EncryptionKeyError,
  ENCRYPTION_KEY_ENV,
  OLD_KEYS_ENV,
  type PlategaCredentials,
  type ClaimKind,
} from "./access"
export type { EffectiveSettings, SettingSource } from "./settings/effective"
export type { SettingKey } from "./settings/definition"
export * from "./payment-links"
