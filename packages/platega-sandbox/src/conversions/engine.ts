import type { SandboxContext } from "../context"
import { ControlError } from "../shared/errors"
import { fromMinor, hasAtMostTwoDecimals, toMinor } from "../shared/money"
import { pairRate, usdtRate } from "../rates/engine"
import type { ConversionRecord } from "./state"

// A conversion moves money between two balances at the sandbox's rate (usdtRates): the amount
// leaves `currency` and its value arrives in `toCurrency` (USDT unless said), rounded to cents.
// The merchant's tools read them back with GET /transaction/balance-unlock-operations.

export interface ConvertInput {
  currency: string
  amount: number
  /** default USDT */
  toCurrency?: string
}

export function convert(ctx: SandboxContext, input: ConvertInput): ConversionRecord {
  const currency = String(input.currency).toUpperCase()
  const toCurrency = String(input.toCurrency ?? "USDT").toUpperCase()
  const fromRate = usdtRate(ctx, currency)
  const toRate = usdtRate(ctx, toCurrency)
  if (fromRate === undefined) throw new ControlError(400, `no rate for ${currency}`)
  if (toRate === undefined) throw new ControlError(400, `no rate for ${toCurrency}`)
  if (currency === toCurrency) throw new ControlError(400, "a conversion needs two currencies")
  const { amount } = input
  if (!(typeof amount === "number" && amount > 0 && hasAtMostTwoDecimals(amount))) {
    throw new ControlError(400, "amount must be a number > 0 with at most 2 decimals")
  }
  const amountMinor = toMinor(amount)
  const available = ctx.ledger.availableMinor(currency)
  if (available < amountMinor) {
    throw new ControlError(
      409,
      `the ${currency} balance holds ${fromMinor(available)}, less than ${fromMinor(amountMinor)}`,
    )
  }
  const toAmountMinor = Math.round((amountMinor * toRate) / fromRate)
  ctx.ledger.debit(currency, amountMinor)
  ctx.ledger.credit(toCurrency, toAmountMinor)
  return ctx.conversions.add({
    createdAt: ctx.clock.now(),
    currency,
    amountMinor,
    toCurrency,
    toAmountMinor,
    rate: pairRate(ctx, currency, toCurrency)!,
  })
}
