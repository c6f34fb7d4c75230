import { countEach, type Execute } from "./unauthenticated-budget"

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
 * counted in the database (one upsert of both counts, like the callback budget's), so that every
 * instance counts the same starts. Only starts that make something at Platega are counted: a click
 * answered with the transaction (or link) already made costs Platega nothing and is not a start.
 * Counts of ended windows are deleted by the retention job (deleteEndedPaymentStarts).
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
  const counted = [`${PREFIX}cart:${keys.cart}`]
  if (keys.client) counted.push(`${PREFIX}client:${keys.client}`)
  const [cartUsed, clientUsed] = await countEach(execute, counted, windowStart)
  if (cartUsed > limits.perCart) return { allowed: false, retryAfterSeconds, refusedBy: "cart" }
  if (clientUsed !== undefined && clientUsed > limits.perClient) {
    return { allowed: false, retryAfterSeconds, refusedBy: "client" }
  }
  return { allowed: true, retryAfterSeconds: 0 }
}

/** Deletes the counts of payment-start windows that ended before `before`; how many. */
export async function deleteEndedPaymentStarts(execute: Execute, before: Date): Promise<number> {
  const rows = await execute<{ id: string }>(
    `delete from platega_reread_budget where key like ? and window_start < ? returning id`,
    [`${PREFIX}%`, before],
  )
  return rows.length
}
