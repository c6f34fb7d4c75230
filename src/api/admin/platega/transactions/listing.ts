import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import {
  caseKind,
  isRefundable,
  PLATEGA_MODULE,
  type FlaggedEvent,
  type PlategaModuleService,
} from "../../../../modules/platega"
import type { CaseResolutionRecord } from "../../../../workflows/attention/flagged-case"
import { classifyTransactions } from "../../../../workflows/transactions/classify"
import { cartEmails, ordersById, placesOfSessions } from "../../../../workflows/transactions/places"
import { TRANSACTION_SOURCES, type SourceWindow } from "./sources"
import type { AdminCallback, AdminCase, AdminTransaction, TransactionEntry } from "./types"

type Scope = Pick<MedusaContainer, "resolve">

const iso = (d: unknown) => (d ? new Date(d as string).toISOString() : null)

/** Entries of all sources merged by id: the owner's record first, the newest read's status. */
export function mergeEntries(lists: TransactionEntry[][]): TransactionEntry[] {
  const merged = new Map<string, TransactionEntry>()
  for (const entry of lists.flat()) {
    const known = merged.get(entry.id)
    if (!known) {
      merged.set(entry.id, { ...entry })
      continue
    }
    for (const [k, v] of Object.entries(entry) as [keyof TransactionEntry, unknown][]) {
      if (v !== undefined && known[k] === undefined)
        (known as unknown as Record<string, unknown>)[k] = v
    }
    if (entry.created_at < known.created_at) known.created_at = entry.created_at
    const newer =
      entry.platega_status &&
      entry.platega_status_at &&
      (!known.platega_status_at || entry.platega_status_at > known.platega_status_at)
    if (newer) {
      known.platega_status = entry.platega_status
      known.platega_status_at = entry.platega_status_at
    }
  }
  return [...merged.values()]
}

/** Every transaction the store knows in the window, merged, with where its money belongs. */
export async function knownTransactions(
  scope: Scope,
  window: SourceWindow,
): Promise<{ entries: TransactionEntry[]; history: Map<string, History>; truncated: boolean }> {
  const lists = await Promise.all(TRANSACTION_SOURCES.map((s) => s.list(scope, window)))
  const entries = mergeEntries(lists)
  // Read once more, after the sources: a callback processed in between shows whole (its case
  // with its session), not half.
  const history = await callbacksAndCases(
    scope,
    entries.map((e) => e.id),
  )
  for (const e of entries) {
    e.session_id ??= history.get(e.id)?.session_id
    e.order_id ??= history.get(e.id)?.order_id
  }
  const places = await classifyTransactions(
    scope,
    entries.map((e) => e.id),
  )
  for (const e of entries) {
    const place = places.get(e.id)
    // A checkout made before the store kept its checkout record: known only by its session.
    e.kind = place?.kind === "unknown" && e.source === "checkout" ? "checkout" : place?.kind
    e.session_id = place?.session_id ?? e.session_id
    e.payment_collection_id = place?.payment_collection_id ?? e.payment_collection_id
    e.cart_id = place?.cart_id ?? e.cart_id
    e.order_id = place?.order_id ?? e.order_id
    e.subscription_id = place?.subscription_id ?? e.subscription_id
  }
  await placeBySession(
    scope,
    entries.filter((e) => !e.cart_id && !e.order_id && e.session_id),
  )
  return { entries, history, truncated: lists.some((l) => l.length >= window.take) }
}

/**
 * Transactions the store made no record of that still name one of its payment sessions (a
 * checkout from before the store kept its record; a payment made elsewhere for a session of this
 * store): their cart and order through the session's payment collection, while the session lasts.
 */
async function placeBySession(scope: Scope, entries: TransactionEntry[]): Promise<void> {
  if (!entries.length) return
  const places = await placesOfSessions(
    scope,
    entries.map((e) => e.session_id),
  )
  for (const e of entries) {
    const place = places.get(e.session_id!)
    e.payment_collection_id ??= place?.payment_collection_id
    e.cart_id ??= place?.cart_id ?? undefined
    e.order_id ??= place?.order_id ?? undefined
  }
}

/** A transaction's callbacks and cases, and the session and order its callbacks found. */
export interface History {
  callbacks: AdminCallback[]
  cases: AdminCase[]
  session_id?: string
  order_id?: string
}

/** The callbacks and cases of these transactions, by transaction id. */
async function callbacksAndCases(scope: Scope, ids: string[]): Promise<Map<string, History>> {
  const platega = scope.resolve<PlategaModuleService>(PLATEGA_MODULE)
  const found = new Map<string, History>()
  if (!ids.length) return found
  const events = await platega.listPlategaCallbackEvents(
    { platega_id: [...new Set(ids.flatMap((id) => [id, id.toUpperCase()]))] },
    { order: { created_at: "ASC" } },
  )
  const flagged = events.filter((e) => e.outcome === "flagged")
  const resolutions = flagged.length
    ? ((await platega.listPlategaCaseResolutions({
        callback_event_id: flagged.map((e) => e.id),
      })) as unknown as CaseResolutionRecord[])
    : []
  const byCase = new Map(resolutions.map((r) => [r.callback_event_id, r]))
  const users = await actorEmails(
    scope,
    resolutions.map((r) => r.actor_id),
  )
  for (const e of events) {
    const id = e.platega_id.toLowerCase()
    const slot: History = found.get(id) ?? { callbacks: [], cases: [] }
    found.set(id, slot)
    slot.session_id = e.session_id ?? slot.session_id
    slot.order_id = e.order_id ?? slot.order_id
    slot.callbacks.push({
      id: e.id,
      kind: e.kind,
      status: e.status,
      read_status: e.read_status ?? null,
      delivered: e.delivered,
      outcome: e.outcome,
      detail: e.detail ?? null,
      deliveries: e.deliveries,
      created_at: iso(e.created_at)!,
      processed_at: iso(e.processed_at),
    })
    if (e.outcome !== "flagged") continue
    const r = byCase.get(e.id)
    const event = e as unknown as FlaggedEvent
    // One case per transaction and kind, whichever records (deliveries, reads) flagged it.
    if (slot.cases.some((c) => c.kind === caseKind(event))) continue
    slot.cases.push({
      id: e.id,
      kind: caseKind(event),
      status: e.status,
      detail: e.detail ?? null,
      refundable: isRefundable(event),
      created_at: iso(e.created_at)!,
      resolution: r
        ? {
            action: r.action,
            note: r.note,
            actor_id: r.actor_id,
            actor_email: (r.actor_id && users.get(r.actor_id)) || null,
            refund: r.refund,
            created_at: iso(r.created_at)!,
          }
        : null,
    })
  }
  return found
}

async function actorEmails(scope: Scope, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))]
  if (!wanted.length) return new Map()
  const users = await scope
    .resolve(Modules.USER)
    .listUsers({ id: wanted }, { select: ["id", "email"] })
  return new Map(users.map((u) => [u.id, u.email]))
}

/** The admin's view of entries: orders, e-mails, callbacks and cases added. */
export async function toAdminTransactions(
  scope: Scope,
  entries: TransactionEntry[],
  history: Map<string, History>,
): Promise<AdminTransaction[]> {
  const [orders, carts] = await Promise.all([
    ordersById(
      scope,
      entries.map((e) => e.order_id),
    ),
    cartEmails(
      scope,
      entries.map((e) => e.cart_id),
    ),
  ])
  return entries.map((e) => {
    const order = e.order_id ? orders.get(e.order_id) : undefined
    const { callbacks = [], cases = [] } = history.get(e.id) ?? {}
    return {
      ...e,
      created_at: e.created_at.toISOString(),
      platega_status_at: e.platega_status_at?.toISOString() ?? null,
      order: order ? { id: order.id, display_id: order.display_id } : null,
      email: order?.email ?? (e.cart_id ? (carts.get(e.cart_id) ?? null) : null),
      callbacks,
      cases,
      needs_attention: cases.some((c) => !c.resolution),
    }
  })
}
