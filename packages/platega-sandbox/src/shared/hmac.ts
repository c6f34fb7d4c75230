import { createHash, createHmac, timingSafeEqual } from "node:crypto"

export type HmacPathMode = "either" | "bare" | "withQuery"

// PG-HMAC, the signed-header scheme of /api/v1/cards and payouts:
//   Authorization: PG-HMAC kid=<merchantId>, ts=<unix s>, sig=<base64>
//   stringToSign = METHOD \n PATH \n ts \n idempotencyKey \n hex(sha256(body bytes))
//   sig = base64(HMAC-SHA256(payoutKey, stringToSign))

function sha256Hex(body: Buffer | string): string {
  return createHash("sha256").update(body).digest("hex")
}

export function buildStringToSign(
  method: string,
  path: string,
  ts: string | number,
  idempotencyKey: string,
  body: Buffer | string,
): string {
  return [method.toUpperCase(), path, String(ts), idempotencyKey, sha256Hex(body)].join("\n")
}

export function signPgHmac(key: string, stringToSign: string): string {
  return createHmac("sha256", key).update(stringToSign, "utf8").digest("base64")
}

/** The Authorization header a client would send (used by tests, the bench and the docs). */
export function pgHmacHeader(opts: {
  key: string
  merchantId: string
  method: string
  path: string
  ts?: number
  idempotencyKey?: string
  body?: Buffer | string
  scheme?: string
}): string {
  const ts = opts.ts ?? Math.floor(Date.now() / 1000)
  const sts = buildStringToSign(
    opts.method,
    opts.path,
    ts,
    opts.idempotencyKey ?? "",
    opts.body ?? "",
  )
  return `${opts.scheme ?? "PG-HMAC"} kid=${opts.merchantId}, ts=${ts}, sig=${signPgHmac(opts.key, sts)}`
}

interface ParsedAuthorization {
  scheme: string
  kid: string
  ts: string
  sig: string
}

/** Parses `<scheme> kid=…, ts=…, sig=…` (any order, optional quotes); null when malformed. */
export function parseAuthorization(header: string): ParsedAuthorization | null {
  const match = /^\s*([A-Za-z][A-Za-z0-9-]*)\s+(.+)$/.exec(header)
  if (!match) return null
  const params = new Map<string, string>()
  for (const part of match[2].split(",")) {
    const eq = part.indexOf("=")
    if (eq < 0) return null
    // Only the first "=" separates: base64 padding belongs to the value.
    const name = part.slice(0, eq).trim().toLowerCase()
    const value = part
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, "$1")
    params.set(name, value)
  }
  const kid = params.get("kid")
  const ts = params.get("ts")
  const sig = params.get("sig")
  if (!kid || !ts || !sig) return null
  return { scheme: match[1], kid, ts, sig }
}

interface HmacCheck {
  authorization: string | undefined
  method: string
  /** request target as received: path plus optional query */
  url: string
  idempotencyKey: string
  body: Buffer
  nowMs: number
  merchantId: string
  key: string
  schemes: readonly string[]
  windowSeconds: number
  pathMode: HmacPathMode
}

type HmacResult = { ok: true } | { ok: false; reason: string }

export function verifyPgHmac(check: HmacCheck): HmacResult {
  if (!check.authorization) return { ok: false, reason: "Authorization header is missing." }
  const parsed = parseAuthorization(check.authorization)
  if (!parsed) {
    return { ok: false, reason: "Authorization header must be '<scheme> kid=…, ts=…, sig=…'." }
  }
  const scheme = parsed.scheme.toUpperCase()
  if (!check.schemes.some((s) => s.toUpperCase() === scheme)) {
    return { ok: false, reason: `Authorization scheme must be one of ${check.schemes.join(", ")}.` }
  }
  if (parsed.kid.toLowerCase() !== check.merchantId.toLowerCase()) {
    return { ok: false, reason: "kid does not match the merchant." }
  }
  if (!/^\d{1,12}$/.test(parsed.ts))
    return { ok: false, reason: "ts must be Unix time in seconds." }
  const skew = Math.abs(Number(parsed.ts) - check.nowMs / 1000)
  if (skew > check.windowSeconds) {
    return { ok: false, reason: `ts is outside the allowed window of ±${check.windowSeconds} s.` }
  }
  const given = Buffer.from(parsed.sig, "base64")
  const q = check.url.indexOf("?")
  const bare = q < 0 ? check.url : check.url.slice(0, q)
  const paths =
    check.pathMode === "bare"
      ? [bare]
      : check.pathMode === "withQuery"
        ? [check.url]
        : [bare, check.url]
  let ok = false
  for (const path of new Set(paths)) {
    const sts = buildStringToSign(check.method, path, parsed.ts, check.idempotencyKey, check.body)
    const expected = Buffer.from(signPgHmac(check.key, sts), "base64")
    // Lengths are public (32 bytes); only equal-length buffers reach timingSafeEqual.
    if (given.length === expected.length && timingSafeEqual(given, expected)) ok = true
  }
  return ok ? { ok: true } : { ok: false, reason: "Signature is not correct." }
}
