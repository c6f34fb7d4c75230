import type { SandboxSettings } from "./types"

// Fixed, documented credentials so a demo store can be configured before the sandbox starts.
export const DEFAULT_MERCHANT_ID = "7f3c2b1a-5d4e-4f60-8a9b-0c1d2e3f4a5b"
export const DEFAULT_SECRET = "sandbox-secret"
export const DEFAULT_PAYOUT_KEY = "sandbox-payout-key"
export const DEFAULT_CLI_PORT = 4010
export const DEFAULT_HOST = "127.0.0.1"
/** The README, where an installed copy can reach it (the CLI help, the banner and GET /_sandbox link it). */
export const DOCS_URL =
  "https://github.com/platega-medusa/medusa-payment-platega/tree/main/packages/platega-sandbox#readme"

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
  jsonExportLimit: 50_000,
  payoutFeePercent: 1,
  cancelErrorsAsText: true,
  allowRemoteControl: false,
  openingBalances: Object.freeze({ RUB: 100_000, USDT: 0 }) as Record<string, number>,
})
