import type { BigNumberInput } from "@medusajs/framework/types"
import { MathBN } from "@medusajs/framework/utils"
import { cardFingerprint } from "../../lib/platega/card-fingerprint"
import { maskCardNumber } from "../../lib/platega/card-number"
import { safeEqual } from "./access/callback-headers"

/**
 * Payout statuses, the one list:
 * - pending: the record is written and the call is being made (or its process died: re-check it);
 * - created: Platega accepted the payout (`withdrawal_record_id`);
 * - failed: Platega refused it, or it was stopped before anything was sent; no money moved;
 * - unknown: no usable answer after every retry. The payout may exist: re-check it (the same key
 *   and the same bytes, which Platega answers idempotently); never send it under a new key.
 */
export const PAYOUT_STATUSES = ["pending", "created", "failed", "unknown"] as const
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number]

/** Statuses a re-check may resolve. */
export const RECHECKABLE_STATUSES: readonly PayoutStatus[] = ["pending", "unknown"]

/** A payout as the admin API shows it: no card number, no key material. */
export interface AdminPayout {
  id: string
  idempotency_key: string
  status: PayoutStatus
  amount: number
  currency_code: "rub"
  card_id: string | null
  card_masked: string
  /** "saved": a card saved at Platega (`card_id`); "typed": a number typed for this payout. */
  card_source: "saved" | "typed"
  withdrawal_record_id: string | null
  platega_status: string | null
  amount_usdt_debited: number | null
  error: { code: string | null; message: string; trace_id: string | null } | null
  requested_by: { id: string | null; email: string | null }
  attempts: number
  checked_at: string | null
  created_at: string
  updated_at: string
}

/** What a payout request asks for; `card_number` already normalized to digits. */
export interface PayoutRequest {
  amount: number
  card_id?: string
  card_number?: string
}

/** The columns of a stored payout that the view and the checks read. */
export interface PayoutRow {
  id: string
  idempotency_key: string
  status: PayoutStatus
  amount: BigNumberInput
  card_id: string | null
  card_masked: string
  card_fingerprint: string | null
  actor_id: string | null
  actor_email: string | null
  withdrawal_record_id: string | null
  platega_status: string | null
  amount_usdt_debited: BigNumberInput | null
  error_code: string | null
  error_message: string | null
  error_trace_id: string | null
  attempts: number
  checked_at: Date | string | null
  created_at: Date | string
  updated_at: Date | string
}

const iso = (d: Date | string): string => (d instanceof Date ? d : new Date(d)).toISOString()
const num = (v: BigNumberInput): number => MathBN.convert(v).toNumber()

export function toAdminPayout(row: PayoutRow): AdminPayout {
  return {
    id: row.id,
    idempotency_key: row.idempotency_key,
    status: row.status,
    amount: num(row.amount),
    currency_code: "rub",
    card_id: row.card_id,
    card_masked: row.card_masked,
    card_source: row.card_id ? "saved" : "typed",
    withdrawal_record_id: row.withdrawal_record_id,
    platega_status: row.platega_status,
    amount_usdt_debited: row.amount_usdt_debited == null ? null : num(row.amount_usdt_debited),
    error: row.error_message
      ? { code: row.error_code, message: row.error_message, trace_id: row.error_trace_id }
      : null,
    requested_by: { id: row.actor_id, email: row.actor_email },
    attempts: row.attempts,
    checked_at: row.checked_at ? iso(row.checked_at) : null,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  }
}

/**
 * Whether a request is the one a stored payout was made for: the same amount and the same card
 * (a typed number is recognised by its mask and its keyed fingerprint, in constant time).
 */
export function payoutMatchesRequest(
  row: Pick<PayoutRow, "amount" | "card_id" | "card_masked" | "card_fingerprint">,
  request: PayoutRequest,
  fingerprintKey: string | undefined,
): boolean {
  if (!MathBN.eq(row.amount, request.amount)) return false
  if (row.card_id) return request.card_id === row.card_id
  return typedCardMatches(row, request.card_number, fingerprintKey)
}

/** A typed number against a stored payout's mask and fingerprint. */
export function typedCardMatches(
  row: Pick<PayoutRow, "card_masked" | "card_fingerprint">,
  cardNumber: string | undefined,
  fingerprintKey: string | undefined,
): boolean {
  if (!cardNumber || maskCardNumber(cardNumber) !== row.card_masked) return false
  if (!row.card_fingerprint || !fingerprintKey) return false
  return safeEqual(cardFingerprint(cardNumber, fingerprintKey), row.card_fingerprint) === 1
}
