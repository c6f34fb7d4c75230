import type { EntityManager } from "@medusajs/framework/mikro-orm/knex"
import { generateEntityId } from "@medusajs/framework/utils"
import { LRUCache } from "lru-cache"
import {
  CALLBACK_OUTCOMES,
  OPEN_OUTCOMES,
  type CallbackKind,
  type CallbackOutcome,
} from "../callback-outcome"

/**
 * The callback log: one row per distinct callback (kind, id, status), its deliveries counted.
 * Written in single statements so concurrent deliveries of one callback make one row; a repeat of
 * a callback whose outcome is final is answered from the tally below, without the database.
 */

/** Whether an outcome is final: a later delivery of the callback changes nothing. */
export function isFinalOutcome(outcome: string): boolean {
  return (
    (CALLBACK_OUTCOMES as readonly string[]).includes(outcome) &&
    !OPEN_OUTCOMES.includes(outcome as CallbackOutcome)
  )
}

export interface CallbackRecordInput {
  kind: CallbackKind
  platega_id: string
  status: string
  body: Record<string, unknown>
  /** False when it came without the merchant headers (see models/callback-event.ts). */
  authenticated?: boolean
}

/** The unique key of a callback: a repeat of it is the same record. */
export function callbackEventKey(
  input: Pick<CallbackRecordInput, "kind" | "platega_id" | "status" | "authenticated">,
): string {
  const key = `${input.kind}:${input.platega_id.toLowerCase()}:${input.status.toUpperCase()}`
  // Its own record: a genuine delivery after an unauthenticated one is still acted on.
  return input.authenticated === false ? `${key}:unauthenticated` : key
}

/** Creates the record of a delivery, or counts it on the existing one, in one statement. */
export async function upsertCallbackEvent(
  manager: EntityManager,
  key: string,
  input: CallbackRecordInput,
): Promise<RecordedCallback & { created: boolean }> {
  const rows: (RecordedCallback & { created: boolean })[] = await manager.execute(
    `insert into platega_callback_event (id, event_key, kind, platega_id, status, body, authenticated)
     values (?, ?, ?, ?, ?, ?, ?)
     on conflict (event_key) where deleted_at is null
     do update set deliveries = platega_callback_event.deliveries + 1, delivered = true,
                   updated_at = now()
     returning id, outcome, (xmax = 0) as created`,
    [
      generateEntityId(undefined, "plcb"),
      key,
      input.kind,
      input.platega_id,
      input.status,
      JSON.stringify(input.body),
      input.authenticated ?? true,
    ],
  )
  return rows[0]
}

/** A recorded callback as its processing reads it, with the checkout its transaction was made for. */
export interface CallbackWithCheckout {
  id: string
  kind: CallbackKind
  platega_id: string
  status: string
  authenticated: boolean
  /** A subscription callback's subscription (its body's `SubscriptionId`). */
  subscription_id: string | null
  /** A transaction's checkout (models/checkout-transaction.ts): null when the store made none. */
  checkout_session_id: string | null
  checkout_cart_id: string | null
}

/**
 * A recorded callback and, for a transaction, the store's record of the checkout it was made for,
 * in one statement (ids compared as checkoutOf compares them: as given and lower-cased);
 * undefined when the record is gone.
 */
export async function loadCallbackEvent(
  manager: EntityManager,
  id: string,
): Promise<CallbackWithCheckout | undefined> {
  const rows: CallbackWithCheckout[] = await manager.execute(
    `select e.id, e.kind, e.platega_id, e.status, e.authenticated,
            case when jsonb_typeof(e.body -> 'SubscriptionId') = 'string'
                 then e.body ->> 'SubscriptionId' end as subscription_id,
            c.payment_session_id as checkout_session_id, c.cart_id as checkout_cart_id
       from platega_callback_event e
       left join lateral (
              select payment_session_id, cart_id from platega_checkout_transaction
               where e.kind = 'transaction' and deleted_at is null
                 and transaction_id in (e.platega_id, lower(e.platega_id))
               order by id limit 1) c on true
      where e.id = ? and e.deleted_at is null`,
    [id],
  )
  return rows[0]
}

/** A finding of the store's own read (re-check, the job) about a transaction. */
export interface TransactionFinding {
  platega_id: string
  status: string
  amount: string
  currency: string
}

/**
 * The log record of a transaction's status that the store read itself: the same record a callback
 * with that status has (its key), so whichever comes first makes the one record, and a case found
 * by a read and by a callback is one case. Created with no delivery counted.
 */
export async function upsertFinding(
  manager: EntityManager,
  finding: TransactionFinding,
): Promise<{ id: string }> {
  const key = callbackEventKey({
    kind: "transaction",
    platega_id: finding.platega_id,
    status: finding.status,
  })
  const rows: { id: string }[] = await manager.execute(
    `insert into platega_callback_event
            (id, event_key, kind, platega_id, status, body, deliveries, delivered)
     values (?, ?, 'transaction', ?, ?, ?, 0, false)
     on conflict (event_key) where deleted_at is null
     do update set updated_at = now()
     returning id`,
    [
      generateEntityId(undefined, "plcb"),
      key,
      finding.platega_id,
      finding.status,
      JSON.stringify({
        id: finding.platega_id,
        status: finding.status,
        amount: finding.amount,
        currency: finding.currency,
      }),
    ],
  )
  return rows[0]
}

/** Adds deliveries counted in memory (KnownCallbacks below) to their records, in one statement. */
export async function addCallbackDeliveries(
  manager: EntityManager,
  counts: Map<string, number>,
): Promise<void> {
  await manager.execute(
    `update platega_callback_event e
        set deliveries = e.deliveries + c.n::int, updated_at = now()
       from jsonb_each_text(?::jsonb) as c(id, n)
      where e.id = c.id`,
    [JSON.stringify(Object.fromEntries(counts))],
  )
}

/** What the plugin did with a callback (see recordOutcome, workflows/callbacks/record-outcome.ts). */
export interface CallbackOutcomeMark {
  outcome: string
  detail: string
  session_id: string | null
  order_id: string | null
  processed_at: Date | null
  /** What Platega answered the store's own read, when there was one. */
  read_status?: string | null
  /** A flagged record's kind of case (flagged-cases.ts). */
  case_kind?: string | null
}

/**
 * Writes a callback's outcome and counts the attempt, in one statement (the row locked for it):
 * the outcome it had before, or undefined when there is no such record.
 */
export async function markCallbackEvent(
  manager: EntityManager,
  id: string,
  mark: CallbackOutcomeMark,
): Promise<{ previous: string } | undefined> {
  const rows: { previous: string }[] = await manager.execute(
    `update platega_callback_event e
        set outcome = ?,
            -- A case keeps the words it was flagged with; a repeat only confirms it.
            detail = case when old.outcome = 'flagged' and ? = 'flagged' and e.case_kind is not null
                          then e.detail else ? end,
            session_id = ?, order_id = ?, processed_at = ?,
            read_status = coalesce(?, e.read_status),
            read_at = case when ?::text is null then e.read_at else now() end,
            case_kind = coalesce(e.case_kind, ?),
            attempts = e.attempts + 1, updated_at = now()
       from (select id, outcome from platega_callback_event
              where id = ? and deleted_at is null for update) old
      where e.id = old.id
      returning old.outcome as previous`,
    [
      mark.outcome,
      mark.outcome,
      mark.detail,
      mark.session_id,
      mark.order_id,
      mark.processed_at,
      mark.read_status ?? null,
      mark.read_status ?? null,
      mark.case_kind ?? null,
      id,
    ],
  )
  return rows[0]
}

/** The retention of the callback log: rows created before these moments go (see below). */
export interface CallbackRetentionCutoffs {
  authenticatedBefore: Date
  unauthenticatedBefore: Date
}

/**
 * Deletes up to `batchSize` callback rows older than their cutoff, in one statement; how many it
 * deleted. Flagged callbacks are kept whatever their age: each is a case a person settles (or
 * settled), and its resolution names it.
 */
export async function deleteExpiredCallbackEvents(
  manager: EntityManager,
  cutoffs: CallbackRetentionCutoffs,
  batchSize: number,
): Promise<number> {
  const rows: unknown[] = await manager.execute(
    `delete from platega_callback_event
      where id in (
        select id from platega_callback_event
         where outcome <> 'flagged'
           and created_at < case when authenticated then ?::timestamptz else ?::timestamptz end
         limit ?)
      returning id`,
    [cutoffs.authenticatedBefore, cutoffs.unauthenticatedBefore, batchSize],
  )
  return rows.length
}

/** What the callback log holds for one delivered callback. */
export interface RecordedCallback {
  id: string
  outcome: string
}

interface KnownCallbacksOptions {
  /** Writes counted deliveries: record id → deliveries to add. Called with a non-empty map. */
  addDeliveries: (counts: Map<string, number>) => Promise<void>
  onWriteError: (error: unknown) => void
  /** How long the tally waits before writing (deliveries that come meanwhile share one write). */
  flushAfterMs?: number
  max?: number
  ttlMs?: number
}

/**
 * Callbacks this process has seen reach a final outcome. Platega repeats a callback until it gets
 * a 2xx, and a final outcome never changes, so a repeat of one needs no database round trip: it is
 * answered from here and only counted, the counts written in one statement a moment later. Open
 * outcomes are never kept, so every delivery of a callback still being processed goes to the
 * database, where concurrent deliveries are serialised.
 *
 * Why it stays on the path: a repeat answered here instead of an upsert with its own commit took
 * duplicates from 558 to 1,019 a second beside 1,228 for `GET /health` (docs/performance.md).
 *
 * Per process and bounded: another instance, or this one after a restart or an eviction, asks the
 * database once and remembers again. A count not yet written when the process dies is lost; it is
 * only the tally of deliveries, nothing acts on it.
 */
export class KnownCallbacks {
  private readonly final: LRUCache<string, RecordedCallback>
  private pending = new Map<string, number>()
  private timer: NodeJS.Timeout | undefined
  private writing: Promise<void> = Promise.resolve()

  constructor(private readonly options: KnownCallbacksOptions) {
    this.final = new LRUCache({ max: options.max ?? 10_000, ttl: options.ttlMs ?? 15 * 60_000 })
  }

  /** The record of a final callback with this key, counting this delivery; else undefined. */
  repeat(key: string): RecordedCallback | undefined {
    const known = this.final.get(key)
    if (!known) return undefined
    this.pending.set(known.id, (this.pending.get(known.id) ?? 0) + 1)
    this.timer ??= setTimeout(() => void this.flush(), this.options.flushAfterMs ?? 200).unref()
    return known
  }

  /** Keeps a record whose outcome is final (others are ignored: they may still change). */
  remember(key: string, record: RecordedCallback, isFinal: boolean): void {
    if (isFinal) this.final.set(key, { id: record.id, outcome: record.outcome })
  }

  /** Writes the deliveries counted so far (also at shutdown); resolves once they are written. */
  flush(): Promise<void> {
    clearTimeout(this.timer)
    this.timer = undefined
    if (this.pending.size) {
      const counts = this.pending
      this.pending = new Map()
      // One write at a time, in order: a count is never overtaken by a later one.
      this.writing = this.writing.then(() =>
        this.options.addDeliveries(counts).catch(this.options.onWriteError),
      )
    }
    return this.writing
  }
}
