import { createHash, createHmac } from "node:crypto"

/** Scheme A: plain merchant headers, sent on every /transaction, /subscription, /balance, /h2h call. */
export function merchantHeaders(merchantId: string, secret: string): Record<string, string> {
  return { "X-MerchantId": merchantId, "X-Secret": secret }
}

export interface HmacSignInput {
  /** HTTP method, upper-cased when signing. */
  method: string
  /** The path exactly as it will be requested: bare, or with "?query" when the client signs it. */
  path: string
  /** Unix time in seconds. */
  ts: number | string
  /** Value of the Idempotency-Key header; "" (or undefined) for GET. */
  idempotencyKey?: string
  /** Exact request body bytes; undefined or "" for GET. */
  body?: string | Uint8Array
}

/** Lowercase hex SHA-256 of the exact body bytes (UTF-8 for a string). */
export function bodySha256Hex(body: string | Uint8Array = ""): string {
  return createHash("sha256").update(body).digest("hex")
}

/** METHOD \n PATH \n ts \n idempotencyKey \n sha256hex(body) */
export function hmacStringToSign(input: HmacSignInput): string {
  return [
    input.method.toUpperCase(),
    input.path,
    String(input.ts),
    input.idempotencyKey ?? "",
    bodySha256Hex(input.body),
  ].join("\n")
}

/** base64(HMAC-SHA256(key, stringToSign)), all UTF-8. */
export function hmacSignature(key: string, input: HmacSignInput): string {
  return createHmac("sha256", key).update(hmacStringToSign(input), "utf8").digest("base64")
}

export interface HmacAuthorizationInput extends HmacSignInput {
  /** "PG-HMAC" (the real service) or "PAY-HMAC" (as merchant-api.md writes it). */
  scheme: string
  /** Merchant id, sent as kid. */
  merchantId: string
  /** The payout API key (not the merchant X-Secret). */
  key: string
}

/** `<scheme> kid=<merchantId>, ts=<unix seconds>, sig=<base64>` */
export function hmacAuthorization(input: HmacAuthorizationInput): string {
  const sig = hmacSignature(input.key, input)
  return `${input.scheme} kid=${input.merchantId}, ts=${input.ts}, sig=${sig}`
}

export function unixSeconds(now: number = Date.now()): number {
  return Math.floor(now / 1000)
}
