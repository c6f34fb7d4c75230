import { Module } from "@medusajs/framework/utils"
import PlategaModuleService from "./service"

export const PLATEGA_MODULE = "platega"

export default Module(PLATEGA_MODULE, {
  service: PlategaModuleService,
})

export { PlategaModuleService }
export * from "./events"
export * from "./callback-outcome"
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
export { DESCRIPTION_TOKENS, SETTING_FIELDS } from "./settings"
export type { StoredSettings } from "./service"
export * from "./subscription-plan"
export * from "./subscription-status"
export * from "./subscription-reference"
export type { ChargeRecordInput, RecordedCharge } from "./service"
export {
  PlategaNotConfiguredError,
  EncryptionKeyError,
  ENCRYPTION_KEY_ENV,
  OLD_KEYS_ENV,
  type EffectiveSettings,
  type PlategaCredentials,
  type SettingSource,
  type SettingKey,
} from "./access"
export * from "./payment-links"
