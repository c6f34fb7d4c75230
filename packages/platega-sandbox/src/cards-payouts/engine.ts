import type { SandboxContext } from "../context"
import { ApiError, conflict, fieldError, notFound } from "../shared/errors"
import { commissionMinor, fromMinor, maskCard, toMinor, toUsdt } from "../shared/money"
import { iso } from "../shared/timefmt"
import type { PayoutRecord } from "./types"
import type { PayoutBody } from "./schemas"
import { usdtRateOrOne } from "../rates/engine"

// Payouts to a ruble card, debited from the RUB balance: amountRub plus settings.payoutFeePercent.
// `amountUsdtDebited` reports that debit in USDT at the sandbox rate.
// Idempotency: the same Idempotency-Key with the same body (compared as canonical JSON, so key order
// and spacing do not matter) answers the first result again; with a different body it is a 409.

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`
  }
  return JSON.stringify(value)
}

export function createPayout(
  ctx: SandboxContext,
  body: PayoutBody,
  idempotencyKey: string,
): { record: PayoutRecord; replayed: boolean } {
  const bodyHash = canonicalJson(body)
  const remembered = ctx.payouts.remembered(idempotencyKey)
  if (remembered) {
    if (remembered.bodyHash !== bodyHash) {
      throw conflict(
        "Payout:IDEMPOTENCY_CONFLICT",
        `Idempotency-Key ${idempotencyKey} was already used with a different request body.`,
      )
    }
    return { record: { ...remembered.record }, replayed: true }
  }
  let cardMasked: string
  if (body.cardId !== undefined) {
    const card = ctx.cards.get(body.cardId)
    if (!card) throw notFound("Card", body.cardId)
    if (card.status !== "ACTIVE")
      throw fieldError("cardId", `card ${card.cardId} is ${card.status}, not ACTIVE`)
    cardMasked = card.masked
  } else {
    cardMasked = maskCard(body.cardNumber!)
  }
  const amountMinor = toMinor(body.amountRub)
  const feeMinor = commissionMinor(amountMinor, ctx.settings.payoutFeePercent)
  const debitMinor = amountMinor + feeMinor
  const available = ctx.ledger.availableMinor("RUB")
  if (available < debitMinor) {
    const message =
      `Insufficient balance: ${fromMinor(debitMinor)} RUB is needed (amount plus ` +
      `${ctx.settings.payoutFeePercent}% fee), ${fromMinor(available)} RUB is available.`
    throw new ApiError(400, "Balance:INSUFFICIENT_FUNDS", 4001, message, [
      { key: "amountRub", message },
    ])
  }
  ctx.ledger.debit("RUB", debitMinor)
  const record: PayoutRecord = {
    withdrawalRecordId: ctx.ids.uuid(),
    status: "CREATED",
    cardMasked,
    cardId: body.cardId ?? null,
    amountRub: fromMinor(amountMinor),
    feeRub: fromMinor(feeMinor),
    amountUsdtDebited: toUsdt(debitMinor, usdtRateOrOne(ctx, "RUB")),
    idempotencyKey,
    createdAt: iso(ctx.clock.now()),
  }
  ctx.payouts.add(record, bodyHash)
  return { record: { ...record }, replayed: false }
}
