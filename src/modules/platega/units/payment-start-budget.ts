import { count, type Execute } from "./unauthenticated-budget"

export interface PaymentStartLimits {
  perCart: number
  perClient: number
  windowMinutes: number
}

/** Whose starts are counted: the cart (or collection) and the client's address. */
export interface PaymentStartKeys {
  cart: string
  client?: string
}

export interface PaymentStartDecision {
  allowed: boolean
  /** Seconds until the window that refused it ends (for Retry-After). */
  retryAfterSeconds: number
  refusedBy?: "cart" | "client"
}

const PREFIX = "start:"

/**
 * How many payments the store API may start, per cart and per client address, in fixed windows
 * counted in the database (the same upsert as the callback budget), so that every instance counts
 * the same starts. Only starts that make something at Platega are counted: a click answered with
 * the transaction (or link) already made costs Platega nothing and is not a start.
 */
export async function takePaymentStart(
  execute: Execute,
  limits: PaymentStartLimits,
  keys: PaymentStartKeys,
  now = Date.now(),
): Promise<PaymentStartDecision> {
  const windowMs = limits.windowMinutes * 60_000
  const windowStart = now - (now % windowMs)
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000))
  const cartUsed = await count(execute, `${PREFIX}cart:${keys.cart}`, windowStart)
  // A cart's first start of a window clears the counts of windows that have ended.
  if (cartUsed === 1) await prune(execute, windowStart)
  if (cartUsed > limits.perCart) return { allowed: false, retryAfterSeconds, refusedBy: "cart" }
  if (keys.client) {
    const clientUsed = await count(execute, `${PREFIX}client:${keys.client}`, windowStart)
    if (clientUsed > limits.perClient) {
      return { allowed: false, retryAfterSeconds, refusedBy: "client" }
    }
  }
  return { allowed: true, retryAfterSeconds: 0 }
}

async function prune(execute: Execute, windowStart: number): Promise<void> {
  await execute(`delete from platega_reread_budget where key like ? and window_start < ?`, [
    `${PREFIX}%`,
    new Date(windowStart),
  ])
}
