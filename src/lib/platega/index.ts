export { PlategaClient } from "./client"
export { parseExportRecords, plainDecimal } from "./export-rows"
export type { OpenedStream } from "./streamed-body"
export { parseCallback } from "./callbacks"
export {
  PlategaError,
  errorFromResponse,
  isPlategaError,
  plategaErrorView,
  type PlategaErrorJSON,
  type PlategaErrorView,
  type PlategaErrorKind,
  type PlategaFieldError,
} from "./errors"
export { redact, REDACTED } from "./redact"
export {
  bodySha256Hex,
  hmacAuthorization,
  hmacSignature,
  hmacStringToSign,
  merchantHeaders,
  type HmacAuthorizationInput,
  type HmacSignInput,
} from "./auth"
export { amountsEqual, hasAtMostTwoDecimals, parseDecimal, toMinorUnits } from "./money"
export * from "./codes"
export * as schemas from "./schemas"
export { DEFAULT_BASE_URL, MAX_TIMEOUT_MS } from "./defaults"
export type * from "./types"
export { cardFingerprint } from "./card-fingerprint"
export {
  CARD_NUMBER_DIGITS,
  isValidCardNumber,
  luhnValid,
  maskCardNumber,
  normalizeCardNumber,
} from "./card-number"
