import { generateEntityId } from "@medusajs/framework/utils"
import type { PgConnection } from "../pg-connection"

export const PAYMENT_CLAIMS_TABLE = "platega_payment_claim"

/** What a claim is on: a transaction, or (for a subscription's checkout) a subscription. */
export type ClaimKind = "transaction" | "subscription"

const keyOf = (kind: ClaimKind, id: string) => `${kind}:${id}`

/**
 * The one record tying a Platega payment to the Medusa payment session it pays (see
 * models/payment-claim.ts). Written in single statements on the unique key, so two instances
 * authorizing at the same moment agree on one owner without a lock.
 */
export class PaymentClaims {
  constructor(private readonly pg: PgConnection | undefined) {}

  /**
   * The session that owns the payment: `sessionId` when it is the first to claim it (or already
   * holds it), another session's id when that one was first. Without a database (a provider built
   * outside Medusa), every claim is granted: there is nothing else to pay.
   */
  async claim(kind: ClaimKind, id: string, sessionId: string): Promise<string> {
    if (!this.pg) return sessionId
    const { rows } = await this.pg.raw(
      `insert into ${PAYMENT_CLAIMS_TABLE} (id, key, payment_session_id) values (?, ?, ?)
       on conflict (key) where deleted_at is null do update set updated_at = now()
       returning payment_session_id`,
      [generateEntityId("", "plclm"), keyOf(kind, id), sessionId],
    )
    return (rows[0] as { payment_session_id: string }).payment_session_id
  }

  /**
   * Moves a claim from a session that no longer exists (a workflow that made it was undone, and
   * Medusa deleted the session) to `sessionId`; answers the owner afterwards.
   */
  async takeOver(kind: ClaimKind, id: string, from: string, sessionId: string): Promise<string> {
    if (!this.pg) return sessionId
    const { rows } = await this.pg.raw(
      `update ${PAYMENT_CLAIMS_TABLE} set payment_session_id = ?, updated_at = now()
       where key = ? and payment_session_id = ? and deleted_at is null
       returning payment_session_id`,
      [sessionId, keyOf(kind, id), from],
    )
    if (rows.length) return sessionId
    return (await this.ownerOf(kind, id)) ?? sessionId
  }

  /** The session a payment pays, if any session has had it accepted. */
  async ownerOf(kind: ClaimKind, id: string): Promise<string | undefined> {
    if (!this.pg) return undefined
    const { rows } = await this.pg.raw(
      `select payment_session_id from ${PAYMENT_CLAIMS_TABLE} where key = ? and deleted_at is null`,
      [keyOf(kind, id)],
    )
    const owner = (rows[0] as { payment_session_id?: string } | undefined)?.payment_session_id
    return owner || undefined
  }

  /**
   * Starts the one refund of a payment: true when this caller may refund it now, false when a
   * refund of it was already started (by another request, instance or retry). The claim is
   * made here for payments authorized before claims existed.
   */
  async startRefund(kind: ClaimKind, id: string, sessionId: string): Promise<boolean> {
    if (!this.pg) return true
    const { rows } = await this.pg.raw(
      `insert into ${PAYMENT_CLAIMS_TABLE} (id, key, payment_session_id, refund_started_at)
       values (?, ?, ?, now())
       on conflict (key) where deleted_at is null do update set refund_started_at = now(), updated_at = now()
       where ${PAYMENT_CLAIMS_TABLE}.refund_started_at is null
       returning id`,
      [generateEntityId("", "plclm"), keyOf(kind, id), sessionId],
    )
    return rows.length > 0
  }

  /** A refund Platega did not make: the payment may be refunded again. */
  async abortRefund(kind: ClaimKind, id: string): Promise<void> {
    if (!this.pg) return
    await this.pg.raw(
      `update ${PAYMENT_CLAIMS_TABLE} set refund_started_at = null, updated_at = now()
       where key = ? and deleted_at is null`,
      [keyOf(kind, id)],
    )
  }
}

export const CHECKOUT_TRANSACTIONS_TABLE = "platega_checkout_transaction"

/** Records which checkout (session, cart) a transaction was made for; a repeat changes nothing. */
export async function recordCheckoutTransaction(
  pg: PgConnection | undefined,
  record: { transaction_id: string; payment_session_id: string; cart_id?: string | null },
): Promise<void> {
  if (!pg) return
  await pg.raw(
    `insert into ${CHECKOUT_TRANSACTIONS_TABLE} (id, transaction_id, payment_session_id, cart_id)
     values (?, ?, ?, ?) on conflict (transaction_id) where deleted_at is null do nothing`,
    [
      generateEntityId("", "plctx"),
      record.transaction_id,
      record.payment_session_id,
      record.cart_id ?? null,
    ],
  )
}
