// Money is kept in minor units (kopecks, cents) as integers, so ledger sums never drift; it becomes a
// JSON number with at most two decimals only at the HTTP boundary.

export function toMinor(amount: number): number {
  return Math.round(amount * 100)
}

export function fromMinor(minor: number): number {
  return minor / 100
}

function round2(value: number): number {
  return Math.round(value * 100) / 100
}

/** true when `amount` has no more than two decimals (tolerating binary noise like 0.1 + 0.2) */
export function hasAtMostTwoDecimals(amount: number): boolean {
  const scaled = amount * 100
  return Math.abs(scaled - Math.round(scaled)) < 1e-6 * Math.max(1, Math.abs(scaled))
}

export function commissionMinor(amountMinor: number, percent: number): number {
  return Math.round((amountMinor * percent) / 100)
}

/** converts an amount in `currency` to USDT with the sandbox rate (two decimals) */
export function toUsdt(amountMinor: number, rate: number): number {
  return round2(fromMinor(amountMinor) / rate)
}

/** 1500 → "1500.0000000000000000" for 16 decimals: how the service's decimal serializer writes it */
export function formatAmountDecimals(amountMinor: number, decimals: number): string {
  const sign = amountMinor < 0 ? "-" : ""
  const abs = Math.abs(amountMinor)
  const whole = Math.floor(abs / 100)
  const cents = String(abs % 100).padStart(2, "0")
  if (decimals <= 0) return String(amountMinor / 100)
  if (decimals === 1) return `${sign}${whole}.${cents[0]}`
  return `${sign}${whole}.${cents}${"0".repeat(decimals - 2)}`
}

/** masks a card number the way the service shows it: 220000******0000 */
export function maskCard(pan: string): string {
  return `${pan.slice(0, 6)}${"*".repeat(Math.max(0, pan.length - 10))}${pan.slice(-4)}`
}

export function luhnValid(pan: string): boolean {
  if (!/^\d{12,19}$/.test(pan)) return false
  let sum = 0
  for (let i = 0; i < pan.length; i++) {
    let digit = pan.charCodeAt(pan.length - 1 - i) - 48
    if (i % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}
