import { createHmac } from "node:crypto"
import { hmacAuthorization, hmacStringToSign } from "../src/lib/platega/auth"
import { parseCallback } from "../src/lib/platega/callbacks"

/**
 * In-process pairs: the PG-HMAC header against a bare HMAC-SHA256 of the same string to sign, and
 * callback parsing (JSON + schema) against JSON.parse alone.
 */

export interface RatePair {
  ours: number
  bare: number
  /** ours ÷ bare, operations per second */
  ratio: number
}

export interface SignBenchResult {
  signatures: RatePair
  callbackParses: RatePair
}

const PAYOUT_BODY =
  '{"cardNumber":"2200000000000000","amountRub":1500,"payoutMethod":"CARD","currencyRequested":"RUB"}'

const CALLBACKS: string[] = [
  '{"id":"0b5c5e2a-7d8e-4c1f-9a3b-2f1d0e9c8b7a","amount":1500.0000000000000000,"currency":"RUB","status":"CONFIRMED","paymentMethod":null,"payload":"sess_1"}',
  '{"Id":"11111111-2222-4333-8444-555555555555","Amount":299.0000000000000000,"Currency":"RUB","Status":"CONFIRMED","PaymentMethod":6,"Payload":"","SubscriptionId":"6f1c2d3e-4b5a-4978-8d6c-5e4f3a2b1c0d","NextChargeAt":"2025-02-01T00:00:00Z"}',
  '{"Id":"6f1c2d3e-4b5a-4978-8d6c-5e4f3a2b1c0d","Amount":299,"Currency":"RUB","Status":"SUBSCRIPTION_ACTIVATED","PaymentMethod":6,"Payload":null,"SubscriptionId":"6f1c2d3e-4b5a-4978-8d6c-5e4f3a2b1c0d","NextChargeAt":null}',
]

function rate(durationMs: number, fn: (i: number) => number): number {
  let sink = 0
  for (let i = 0; i < 2000; i++) sink += fn(i) // warm-up
  let n = 0
  const start = process.hrtime.bigint()
  const end = start + BigInt(durationMs) * 1_000_000n
  let now = start
  while (now < end) {
    for (let i = 0; i < 500; i++) sink += fn(n++)
    now = process.hrtime.bigint()
  }
  if (sink === 0) throw new Error("unreachable: keeps the work observable")
  return Math.round(n / (Number(now - start) / 1e9))
}

function pair(durationMs: number, ours: (i: number) => number, bare: (i: number) => number) {
  // Halves alternated, so a busy moment on the machine hurts both alike.
  const half = durationMs / 2
  const o = (rate(half, ours) + rate(half, ours)) / 2
  const b = (rate(half, bare) + rate(half, bare)) / 2
  return { ours: Math.round(o), bare: Math.round(b), ratio: Math.round((o / b) * 100) / 100 }
}

export function benchSign(durationMs = 1000): SignBenchResult {
  const sign = {
    scheme: "PG-HMAC",
    merchantId: "3fa85f64-5717-4562-b3fc-2c963f66afa6",
    key: "test-secret",
    method: "POST",
    path: "/api/v1/payouts/card-rub",
    idempotencyKey: "00000000-0000-0000-0000-446655440000",
    body: PAYOUT_BODY,
  }
  const signatures = pair(
    durationMs,
    (i) => hmacAuthorization({ ...sign, ts: 1719403200 + i }).length,
    (i) =>
      createHmac("sha256", sign.key)
        .update(hmacStringToSign({ ...sign, ts: 1719403200 + i }))
        .digest("base64").length,
  )
  const callbackParses = pair(
    durationMs,
    (i) => parseCallback(JSON.parse(CALLBACKS[i % CALLBACKS.length])).kind.length,
    (i) => Object.keys(JSON.parse(CALLBACKS[i % CALLBACKS.length]) as object).length,
  )
  return { signatures, callbackParses }
}
