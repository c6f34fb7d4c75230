/**
 * The one redaction function. Everything the client logs or puts into an error goes through it.
 *
 * - keys that name credentials (secret, authorization, payout key, signature, token, password…)
 *   have their values replaced by "[REDACTED]";
 * - `cardNumber`/`pan` values and long digit runs that look like card numbers keep the last 4 digits;
 * - every occurrence of a known secret value inside any string is replaced, wherever it appears;
 * - `PG-HMAC`/`PAY-HMAC` header values lose their signature.
 */

export const REDACTED = "[REDACTED]"

const SECRET_KEY =
  /secret|passw|authori[sz]ation|payout.?key|api.?key|token|^sig$|signature|cookie/i
const CARD_KEY = /^(card.?number|pan)$/i
// 16..19 digits standing alone (not part of a decimal like 1500.0000000000000000 or a longer run).
const CARD_RUN = /(?<![\d.])\d{16,19}(?![\d.])/g
const HMAC_SIG = /\b((?:PG|PAY)-HMAC\b[^\n]*?sig=)[^\s,]+/gi
const MIN_SECRET_LENGTH = 4
const MAX_DEPTH = 8

function maskCard(digits: string): string {
  return digits.length > 4 ? `${"*".repeat(digits.length - 4)}${digits.slice(-4)}` : REDACTED
}

function scrubString(s: string, secrets: readonly string[]): string {
  let out = s
  for (const secret of secrets) {
    if (secret.length >= MIN_SECRET_LENGTH && out.includes(secret))
      out = out.split(secret).join(REDACTED)
  }
  return out.replace(HMAC_SIG, `$1${REDACTED}`).replace(CARD_RUN, (d) => maskCard(d))
}

function walk(
  value: unknown,
  secrets: readonly string[],
  depth: number,
  seen: WeakSet<object>,
): unknown {
  if (typeof value === "string") return scrubString(value, secrets)
  if (value === null || typeof value !== "object") return value
  if (depth >= MAX_DEPTH) return "[Truncated]"
  if (seen.has(value)) return "[Circular]"
  seen.add(value)
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return `[${value.byteLength} bytes]`
  if (value instanceof Date) return value.toISOString()
  if (value instanceof Error) {
    return { name: value.name, message: scrubString(value.message, secrets) }
  }
  if (Array.isArray(value)) return value.map((v) => walk(v, secrets, depth + 1, seen))
  const out: Record<string, unknown> = {}
  for (const [key, v] of Object.entries(value)) {
    if (SECRET_KEY.test(key)) out[key] = v === undefined || v === null || v === "" ? v : REDACTED
    else if (CARD_KEY.test(key) && (typeof v === "string" || typeof v === "number")) {
      out[key] = maskCard(String(v).replace(/\D/g, ""))
    } else out[key] = walk(v, secrets, depth + 1, seen)
  }
  return out
}

/**
 * Returns a deep copy of `value` that is safe to log. `secrets` are literal values (the merchant
 * secret, the payout key) to be cut out of every string. Strings come back as strings.
 */
export function redact(value: string, secrets?: readonly string[]): string
export function redact(value: unknown, secrets?: readonly string[]): unknown
export function redact(value: unknown, secrets: readonly string[] = []): unknown {
  return walk(value, secrets, 0, new WeakSet())
}
