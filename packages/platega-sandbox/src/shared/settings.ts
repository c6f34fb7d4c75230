import { METHODS } from "./codes"
import type { HmacPathMode } from "./hmac"
import { z } from "zod"

/** Behaviour switches; read and change them at run time with control.configure(). */
export interface SandboxSettings {
  merchantName: string
  /** lifetime of a new payment, answered as `expiresIn` */
  expiresInSeconds: number
  /** the batch job cancels an unpaid payment this long after it expired */
  expiredCancelDelayMs: number
  /** time the payer has to bind a subscription before it turns Failed */
  bindWindowMs: number
  /** service commission on every confirmed payment, percent of the amount */
  commissionPercent: number
  /** units of each currency per 1 USDT (`usdtRate`, `rate`, conversions): every method's rate */
  usdtRates: Record<string, number>
  /**
   * a payment method's own rates where they differ from usdtRates, by method code then currency:
   * `{ "13": { "RUB": 91.8 } }` (GET /rates/payment_method_rate, and that method's usdtRate)
   */
  methodRates: Record<string, Record<string, number>>
  /** refunds of at least this amount (transaction currency) need manual control */
  manualControlThreshold: number
  /** every refund needs manual control */
  forceManualControl: boolean
  hmacWindowSeconds: number
  hmacSchemes: string[]
  hmacPathMode: HmacPathMode
  /** GET /h2h/{id} is enabled for this merchant */
  h2hEnabled: boolean
  /** reject creates without metadata.userId (some merchant categories) */
  requireUserId: boolean
  callbackRetryIntervalMs: number
  callbackTimeoutMs: number
  callbackMaxRetries: number
  /** decimals written for `amount` in transaction callbacks (the service sends 16); 0 = plain */
  callbackAmountDecimals: number
  /**
   * subscription charge callbacks go out without X-MerchantId/X-Secret (the service's schema makes
   * them optional there, and a merchant must cope with either)
   */
  chargeCallbacksWithoutHeaders: boolean
  /** the JSON export (streamed) answers 400 when more records match */
  jsonExportLimit: number
  /** payout fee, percent of amountRub, debited on top */
  payoutFeePercent: number
  /** error replies of POST /transaction/{id}/cancel are text/plain, like the service's */
  cancelErrorsAsText: boolean
  /** answer control routes to non-loopback clients too */
  allowRemoteControl: boolean
  /** opening balances applied at start and on reset */
  openingBalances: Record<string, number>
}

export const DEFAULT_SETTINGS: Readonly<SandboxSettings> = Object.freeze({
  merchantName: "Sandbox Merchant",
  expiresInSeconds: 30 * 60,
  // The real service cancels unpaid payments in a batch a few hours after they expire.
  expiredCancelDelayMs: 3 * 60 * 60 * 1000,
  bindWindowMs: 30 * 60 * 1000,
  commissionPercent: 3,
  usdtRates: Object.freeze({ RUB: 92.5, USD: 1, EUR: 0.93, BYN: 3.27, USDT: 1 }) as Record<
    string,
    number
  >,
  methodRates: Object.freeze({}) as Record<string, Record<string, number>>,
  manualControlThreshold: 50_000,
  forceManualControl: false,
  hmacWindowSeconds: 300,
  hmacSchemes: Object.freeze(["PG-HMAC", "PAY-HMAC"]) as string[],
  hmacPathMode: "either",
  h2hEnabled: true,
  requireUserId: false,
  callbackRetryIntervalMs: 300_000,
  callbackTimeoutMs: 60_000,
  callbackMaxRetries: 3,
  callbackAmountDecimals: 16,
  chargeCallbacksWithoutHeaders: false,
  jsonExportLimit: 1_000_000,
  payoutFeePercent: 1,
  cancelErrorsAsText: true,
  allowRemoteControl: false,
  openingBalances: Object.freeze({ RUB: 100_000, USDT: 0 }) as Record<string, number>,
})

const nonNegative = z.number().finite().nonnegative()
const rate = z.number().finite().positive()
const currencyCode = z.string().regex(/^[A-Z]{3,4}$/)

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
    usdtRates: z.record(currencyCode, rate),
    methodRates: z.record(
      z.string().refine((m) => METHODS.has(Number(m)) && /^\d+$/.test(m), {
        message: `must be a payment method code: ${[...METHODS.keys()].sort((a, b) => a - b).join(", ")}`,
      }),
      z.record(currencyCode, rate),
    ),
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
    chargeCallbacksWithoutHeaders: z.boolean(),
    jsonExportLimit: z.int().min(1),
    payoutFeePercent: z.number().min(0).max(100),
    cancelErrorsAsText: z.boolean(),
    allowRemoteControl: z.boolean(),
    openingBalances: z.record(currencyCode, z.number().finite()),
  })
  .partial()
  .strict()

export function createSettings(overrides: Partial<SandboxSettings> = {}): SandboxSettings {
  return {
    ...DEFAULT_SETTINGS,
    usdtRates: { ...DEFAULT_SETTINGS.usdtRates },
    methodRates: {},
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
