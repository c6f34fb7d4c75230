import { hmacAuthorization } from "../src/lib/platega/auth"
import { parseCallback } from "../src/lib/platega/callbacks"

/** PG-HMAC signing and callback parsing throughput of the Platega client. */

export interface ClientSignBenchResult {
  signaturesPerSecond: number
  callbackParsesPerSecond: number
}

const PAYOUT_BODY =
  '{"cardNumber":"2200000000000000","amountRub":1500,"payoutMethod":"CARD","currencyRequested":"RUB"}'

const CALLBACKS: string[] = [
  '{"id":"0b5c5e2a-7d8e-4c1f-9a3b-2f1d0e9c8b7a","amount":1500.0000000000000000,"currency":"RUB","status":"CONFIRMED","paymentMethod":null,"payload":"sess_1"}',
  '{"Id":"11111111-2222-4333-8444-555555555555","Amount":299.0000000000000000,"Currency":"RUB","Status":"CONFIRMED","PaymentMethod":6,"Payload":"","SubscriptionId":"6f1c2d3e-4b5a-4978-8d6c-5e4f3a2b1c0d","NextChargeAt":"2025-02-01T00:00:00Z"}',
  '{"Id":"6f1c2d3e-4b5a-4978-8d6c-5e4f3a2b1c0d","Amount":299,"Currency":"RUB","Status":"SUBSCRIPTION_ACTIVATED","PaymentMethod":6,"Payload":null,"SubscriptionId":"6f1c2d3e-4b5a-4978-8d6c-5e4f3a2b1c0d","NextChargeAt":null}',
]

function rate(durationMs: number, fn: (i: number) => void): number {
  for (let i = 0; i < 2000; i++) fn(i) // warm-up
  let n = 0
  const start = process.hrtime.bigint()
  const end = start + BigInt(durationMs) * 1_000_000n
  let now = start
  while (now < end) {
    for (let i = 0; i < 500; i++) fn(n++)
    now = process.hrtime.bigint()
  }
  return Math.round(n / (Number(now - start) / 1e9))
}

export function runClientSignBench(durationMs = 1000): ClientSignBenchResult {
  let sink = 0
  const signaturesPerSecond = rate(durationMs, (i) => {
    sink += hmacAuthorization({
      scheme: "PG-HMAC",
      merchantId: "3fa85f64-5717-4562-b3fc-2c963f66afa6",
      key: "test-secret",
      method: "POST",
      path: "/api/v1/payouts/card-rub",
      ts: 1719403200 + i,
      idempotencyKey: "00000000-0000-0000-0000-446655440000",
      body: PAYOUT_BODY,
    }).length
  })
  const callbackParsesPerSecond = rate(durationMs, (i) => {
    sink += parseCallback(JSON.parse(CALLBACKS[i % CALLBACKS.length])).kind.length
  })
  if (sink === 0) throw new Error("unreachable: keeps the work observable")
  return { signaturesPerSecond, callbackParsesPerSecond }
}

if (require.main === module) {
  const r = runClientSignBench(Number(process.env.BENCH_MS ?? 1000))
  console.log(`PG-HMAC signatures/s:   ${r.signaturesPerSecond.toLocaleString("en-US")}`)
  console.log(`callback parses/s:      ${r.callbackParsesPerSecond.toLocaleString("en-US")}`)
}
