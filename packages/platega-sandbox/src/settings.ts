import { z } from "zod"
import { DEFAULT_SETTINGS } from "./defaults"
import type { SandboxSettings } from "./types"

const nonNegative = z.number().finite().nonnegative()
const rate = z.number().finite().positive()

// Every field optional: control.configure() takes a patch. Unknown keys are refused so a typo in a
// test does not silently configure nothing.
export const settingsPatchSchema = z
  .object({
    merchantName: z.string().min(1).max(200),
    expiresInSeconds: z
      .int()
      .min(1)
      .max(86_400 * 30),
    expiredCancelDelayMs: nonNegative,
    bindWindowMs: nonNegative,
    commissionPercent: z.number().min(0).max(100),
    usdtRates: z.record(z.string().regex(/^[A-Z]{3,4}$/), rate),
    manualControlThreshold: nonNegative,
    forceManualControl: z.boolean(),
    hmacWindowSeconds: z.int().min(0),
    hmacSchemes: z.array(z.string().min(1)).min(1),
    hmacPathMode: z.enum(["either", "bare", "withQuery"]),
    h2hEnabled: z.boolean(),
    requireUserId: z.boolean(),
    callbackRetryIntervalMs: nonNegative,
    callbackTimeoutMs: z.number().finite().positive(),
    callbackMaxRetries: z.int().min(0).max(100),
    callbackAmountDecimals: z.int().min(0).max(20),
    jsonExportLimit: z.int().min(1),
    payoutFeePercent: z.number().min(0).max(100),
    cancelErrorsAsText: z.boolean(),
    allowRemoteControl: z.boolean(),
    openingBalances: z.record(z.string().regex(/^[A-Z]{3,4}$/), z.number().finite()),
  })
  .partial()
  .strict()

export function createSettings(overrides: Partial<SandboxSettings> = {}): SandboxSettings {
  return {
    ...DEFAULT_SETTINGS,
    usdtRates: { ...DEFAULT_SETTINGS.usdtRates },
    hmacSchemes: [...DEFAULT_SETTINGS.hmacSchemes],
    openingBalances: { ...DEFAULT_SETTINGS.openingBalances },
    ...overrides,
  }
}

/** Validates a patch and applies it in place; throws a ZodError naming the bad field. */
export function applySettingsPatch(settings: SandboxSettings, patch: unknown): SandboxSettings {
  const parsed = settingsPatchSchema.parse(patch)
  Object.assign(settings, parsed)
  return settings
}
