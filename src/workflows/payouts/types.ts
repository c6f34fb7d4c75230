import type { PayoutRequest } from "../../modules/platega"

/** Who asked for a payout. */
export interface PayoutActor {
  id: string | null
  email: string | null
}

/** A validated payout request (amount in whole rubles, exactly one card field). */
export interface CreatePayoutInput extends PayoutRequest {
  idempotency_key: string
  actor: PayoutActor
}

/** One payout's lock, held while it is sent, so a duplicate waits and then finds the answer. */
export const payoutLockKey = (idempotencyKey: string): string => `platega:payout:${idempotencyKey}`

/** Longest wait for a payout's lock: longer than one send with all its retries. */
export const PAYOUT_LOCK_WAIT_S = 120
/** A lock left by a crashed process expires after this. */
export const PAYOUT_LOCK_TTL_S = 180
