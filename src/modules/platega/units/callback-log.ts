import type { EntityManager } from "@medusajs/framework/mikro-orm/knex"
import { generateEntityId } from "@medusajs/framework/utils"
import type { CallbackKind } from "../callback-outcome"
import type { RecordedCallback } from "../known-callbacks"

/**
 * The callback log: one row per distinct callback (kind, id, status), its deliveries counted.
 * Written in single statements so concurrent deliveries of one callback make one row.
 */

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

/** Adds deliveries counted in memory (known-callbacks.ts) to their records, in one statement. */
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

/** What the plugin did with a callback (see steps/mark-platega-callback.ts). */
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
