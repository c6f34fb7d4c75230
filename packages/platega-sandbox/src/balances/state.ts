import { CURRENCIES } from "../shared/codes"
import { fromMinor, toMinor } from "../shared/money"

export interface BalanceView {
  currency: string
  amount: number
  frozenBalance: number
}

// The merchant's balances, in minor units per currency. `frozen` holds money set aside for refunds
// waiting on manual control: it is no longer available, but not gone yet.

export class Ledger {
  private readonly available = new Map<string, number>()
  private readonly frozen = new Map<string, number>()

  constructor(opening: Record<string, number>) {
    this.reset(opening)
  }

  reset(opening: Record<string, number>): void {
    this.available.clear()
    this.frozen.clear()
    for (const c of ["RUB", "USDT"]) this.available.set(c, 0)
    for (const [currency, amount] of Object.entries(opening))
      this.available.set(currency, toMinor(amount))
  }

  availableMinor(currency: string): number {
    return this.available.get(currency) ?? 0
  }

  frozenMinor(currency: string): number {
    return this.frozen.get(currency) ?? 0
  }

  credit(currency: string, minor: number): void {
    this.available.set(currency, this.availableMinor(currency) + minor)
  }

  /** Debits without a check: chargebacks (disputes) may take a balance below zero. */
  debit(currency: string, minor: number): void {
    this.available.set(currency, this.availableMinor(currency) - minor)
  }

  freeze(currency: string, minor: number): void {
    this.debit(currency, minor)
    this.frozen.set(currency, this.frozenMinor(currency) + minor)
  }

  /** Releases frozen money: back to available (rejected) or out of the account (completed). */
  unfreeze(currency: string, minor: number, spend: boolean): void {
    this.frozen.set(currency, this.frozenMinor(currency) - minor)
    if (!spend) this.credit(currency, minor)
  }

  snapshot(): { available: Record<string, number>; frozen: Record<string, number> } {
    return {
      available: Object.fromEntries(this.available),
      frozen: Object.fromEntries(this.frozen),
    }
  }

  restore(s: { available: Record<string, number>; frozen: Record<string, number> }): void {
    this.available.clear()
    this.frozen.clear()
    for (const [c, minor] of Object.entries(s.available)) this.available.set(c, minor)
    for (const [c, minor] of Object.entries(s.frozen)) this.frozen.set(c, minor)
  }

  set(currency: string, amount: number): void {
    this.available.set(currency, toMinor(amount))
  }

  views(): BalanceView[] {
    const currencies = [...new Set([...this.available.keys(), ...this.frozen.keys()])].sort(
      (a, b) => rank(a) - rank(b),
    )
    return currencies.map((currency) => ({
      currency,
      amount: fromMinor(this.availableMinor(currency)),
      frozenBalance: fromMinor(this.frozenMinor(currency)),
    }))
  }
}

function rank(currency: string): number {
  const i = CURRENCIES.indexOf(currency)
  return i < 0 ? CURRENCIES.length : i
}
