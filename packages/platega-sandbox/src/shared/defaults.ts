// Fixed, documented credentials so a demo store can be configured before the sandbox starts.
export const DEFAULT_MERCHANT_ID = "7f3c2b1a-5d4e-4f60-8a9b-0c1d2e3f4a5b"
export const DEFAULT_SECRET = "sandbox-secret"
export const DEFAULT_PAYOUT_KEY = "sandbox-payout-key"
export const DEFAULT_CLI_PORT = 4010
export const DEFAULT_HOST = "127.0.0.1"
/** The README, where an installed copy can reach it (the CLI help, the banner and GET /_sandbox link it). */
export const DOCS_URL =
  "https://github.com/platega-medusa/medusa-payment-platega/tree/main/packages/platega-sandbox#readme"
