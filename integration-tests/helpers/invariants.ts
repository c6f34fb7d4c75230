import type { BigNumberInput, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MathBN } from "@medusajs/framework/utils"
import type { AxiosInstance } from "axios"
import type { RunningSandbox, SandboxSubscription, SandboxTransaction } from "platega-sandbox"
import {
  caseKind,
  isRefundable,
  PLATEGA_MODULE,
  type CaseKind,
  type FlaggedEvent,
  type PlategaModuleService,
} from "../../src/modules/platega"

/**
 * The money invariants of issue 46, written once. Whatever events crossed, once the store is quiet:
 *
 * 1. every transaction Platega confirmed pays exactly one order (one Medusa payment, captured
 *    once, for the transaction's amount), or was refunded at Platega (and the Medusa payment, when
 *    there is one, records the refund), or has exactly one open case whose refund works end to
 *    end; money charged back after it paid an order has a case; no Medusa payment is captured for
 *    a transaction Platega does not hold as paid;
 * 2. no captured Medusa payment stays without an order unless such a case exists for it;
 * 3. no order holds more captured money than its total unless a case names the extra;
 * 4. no order number is burned: the order numbers issued are exactly the orders that exist;
 * 5. no subscription is active at Platega that the store does not know (or shows as ended).
 *
 * Read from the store's database (Medusa's query and the plugin's module), the sandbox's control
 * API over HTTP, and, to prove a case's refund works, the admin API. Money is summed as decimals.
 */

export type Invariant = 1 | 2 | 3 | 4 | 5

export interface Violation {
  invariant: Invariant
  /** What is wrong, with ids and amounts, in one line. */
  what: string
  /** Every id the violation is about: it is in a scope when one of these is. */
  refs: string[]
}

/** What the helper reads and acts through: the test's store, its sandbox and an admin session. */
export interface MoneyWorld {
  container: MedusaContainer
  sandbox: RunningSandbox
  /** With `admin`, an open refundable case is refunded through the admin API to prove it works. */
  api?: AxiosInstance
  admin?: { headers: Record<string, string> }
  /** Waits until the store is quiet again (after a case's refund, its callback is processed). */
  quiet?: () => Promise<void>
}

/** The order numbers issued so far: violations of (4) count only numbers issued after it. */
export interface OrderNumberMark {
  lastIssued: number
}

/**
 * What to check: violations that touch these carts, transactions or subscriptions (and what they
 * lead to: orders, payments, renewals, links), or the whole store when none is given.
 */
export interface MoneyScope {
  carts?: string[]
  transactions?: string[]
  subscriptions?: string[]
  /** Order numbers issued after this mark; without it, every number from 1. */
  orderNumbersSince?: OrderNumberMark
  /** Whether to check (4) at all (it is store-wide): default true. */
  orderNumbers?: boolean
}

export interface CheckOptions {
  /**
   * Refund each open refundable case in scope through the admin API and check that the money
   * went back at Platega and into Medusa's records (default: when the world has an admin).
   */
  refundOpenCases?: boolean
}

// ---- reading the world ---------------------------------------------------------------------------

interface MedusaPayment {
  id: string
  amount: BigNumberInput
  currency_code: string
  provider_id: string
  payment_collection_id: string
  payment_session_id: string | null
  data: Record<string, unknown> | null
  captures: { amount: BigNumberInput }[]
  refunds: { amount: BigNumberInput }[]
}

interface StoreOrder {
  id: string
  display_id: number
  total: BigNumberInput
}

interface StoreCase {
  id: string
  transaction_id: string
  kind: CaseKind
  refundable: boolean
  resolution: { action: string } | null
}

interface World {
  txs: SandboxTransaction[]
  subs: SandboxSubscription[]
  payments: MedusaPayment[]
  orders: Map<string, StoreOrder>
  /** collection → order, cart → order, collection → cart */
  orderOfCollection: Map<string, string>
  orderOfCart: Map<string, string>
  cartOfCollection: Map<string, string>
  cases: Map<string, StoreCase[]>
  storeSubscriptions: Map<string, { id: string; status: string; cart_id: string }>
  /** Undirected edges between ids, for scopes. */
  edges: Map<string, Set<string>>
  displayIds: number[]
  lastIssued: number
}

const lower = (s: string) => s.toLowerCase()
/** Medusa's ids (prefix_ULID) as they are; Platega's UUIDs, which come in either case, in lower. */
const norm = (id: string) => (id.includes("_") ? id : lower(id))

async function sandboxGet<T>(sandbox: RunningSandbox, path: string): Promise<T> {
  const res = await fetch(`${sandbox.url}/_sandbox${path}`)
  if (!res.ok) throw new Error(`sandbox GET ${path} answered ${res.status}: ${await res.text()}`)
  return (await res.json()) as T
}

async function sandboxTransactions(sandbox: RunningSandbox): Promise<SandboxTransaction[]> {
  const all: SandboxTransaction[] = []
  for (let offset = 0; ; offset += 1000) {
    const page = await sandboxGet<{ items: SandboxTransaction[] }>(
      sandbox,
      `/transactions?limit=1000&offset=${offset}`,
    )
    all.push(...page.items)
    if (page.items.length < 1000) return all.filter((t) => !t.seeded)
  }
}

/** The flagged cases the admin's Transactions page shows: one per transaction and kind. */
async function storeCases(container: MedusaContainer): Promise<Map<string, StoreCase[]>> {
  const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
  const flagged = await platega.listPlategaCallbackEvents(
    { outcome: "flagged" },
    { order: { created_at: "ASC" }, take: 100_000 },
  )
  const resolutions = flagged.length
    ? await platega.listPlategaCaseResolutions(
        { callback_event_id: flagged.map((e) => e.id) },
        { take: 100_000 },
      )
    : []
  const resolved = new Map(
    (resolutions as unknown as { callback_event_id: string; action: string }[]).map((r) => [
      r.callback_event_id,
      r,
    ]),
  )
  const cases = new Map<string, StoreCase[]>()
  for (const e of flagged) {
    const event = e as unknown as FlaggedEvent
    const tx = lower(e.platega_id)
    const list = cases.get(tx) ?? []
    cases.set(tx, list)
    const kind = caseKind(event)
    if (list.some((c) => c.kind === kind)) continue
    list.push({
      id: e.id,
      transaction_id: tx,
      kind,
      refundable: isRefundable(event),
      resolution: resolved.get(e.id) ?? null,
    })
  }
  return cases
}

/** The last order number Medusa's sequence issued (0 when none was). */
export async function markOrderNumbers(container: MedusaContainer): Promise<OrderNumberMark> {
  const pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
  const { rows } = await pg.raw(`SELECT pg_get_serial_sequence('"order"', 'display_id') AS seq`)
  const seq = rows[0]?.seq as string | null
  if (!seq) throw new Error("the order table's display_id has no sequence")
  const { rows: state } = await pg.raw(`SELECT last_value, is_called FROM ${seq}`)
  return { lastIssued: state[0].is_called ? Number(state[0].last_value) : 0 }
}

async function readWorld(container: MedusaContainer, sandbox: RunningSandbox): Promise<World> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
  const graph = async <T>(entity: string, fields: string[]) =>
    (await query.graph({ entity, fields })).data as unknown as T[]
  const [
    txs,
    subs,
    payments,
    orders,
    sessions,
    cartCollections,
    orderCollections,
    orderCarts,
    cases,
    checkouts,
    storeSubs,
    charges,
    links,
    mark,
  ] = await Promise.all([
    sandboxTransactions(sandbox),
    sandboxGet<SandboxSubscription[]>(sandbox, "/subscriptions"),
    graph<MedusaPayment>("payment", [
      "id",
      "amount",
      "currency_code",
      "provider_id",
      "payment_collection_id",
      "payment_session_id",
      "data",
      "captures.amount",
      "refunds.amount",
    ]),
    graph<StoreOrder>("order", ["id", "display_id", "total"]),
    graph<{ id: string; payment_collection_id: string; data: Record<string, unknown> | null }>(
      "payment_session",
      ["id", "payment_collection_id", "data"],
    ),
    graph<{ cart_id: string; payment_collection_id: string }>("cart_payment_collection", [
      "cart_id",
      "payment_collection_id",
    ]),
    graph<{ order_id: string; payment_collection_id: string }>("order_payment_collection", [
      "order_id",
      "payment_collection_id",
    ]),
    graph<{ order_id: string; cart_id: string }>("order_cart", ["order_id", "cart_id"]),
    storeCases(container),
    platega.listPlategaCheckoutTransactions({}, { take: 100_000 }),
    platega.listPlategaSubscriptions({}, { take: 100_000 }),
    platega.listPlategaSubscriptionCharges(
      {},
      { take: 100_000, select: ["platega_id", "order_id", "subscription_id"] },
    ),
    platega.listPlategaPaymentLinks({}, { take: 100_000 }),
    markOrderNumbers(container),
  ])

  const edges = new Map<string, Set<string>>()
  const link = (a: string | null | undefined, b: string | null | undefined) => {
    if (!a || !b) return
    const [x, y] = [norm(a), norm(b)]
    if (!edges.has(x)) edges.set(x, new Set())
    if (!edges.has(y)) edges.set(y, new Set())
    edges.get(x)!.add(y)
    edges.get(y)!.add(x)
  }
  const orderOfCollection = new Map(
    orderCollections.map((l) => [l.payment_collection_id, l.order_id]),
  )
  const orderOfCart = new Map(orderCarts.map((l) => [l.cart_id, l.order_id]))
  const cartOfCollection = new Map(cartCollections.map((l) => [l.payment_collection_id, l.cart_id]))
  for (const l of cartCollections) link(l.cart_id, l.payment_collection_id)
  for (const l of orderCollections) link(l.order_id, l.payment_collection_id)
  for (const l of orderCarts) link(l.order_id, l.cart_id)
  for (const s of sessions) {
    link(s.id, s.payment_collection_id)
    for (const id of paidTransactionIds(s.data)) link(s.id, id)
  }
  for (const p of payments) {
    link(p.id, p.payment_collection_id)
    link(p.id, p.payment_session_id)
    for (const id of paidTransactionIds(p.data)) link(p.id, id)
  }
  for (const c of checkouts) {
    link(c.transaction_id, c.cart_id)
    link(c.transaction_id, c.payment_session_id)
  }
  for (const t of txs) {
    // The payload names the payment session a checkout transaction was made for.
    if (t.payload?.startsWith("payses_")) link(t.id, t.payload)
    link(t.id, t.subscriptionId)
  }
  for (const s of subs) for (const id of s.chargeIds) link(s.id, id)
  for (const s of storeSubs) {
    link(s.id, s.platega_id)
    link(s.platega_id, s.cart_id)
    link(s.platega_id, s.payment_session_id)
    link(s.platega_id, s.first_order_id)
  }
  for (const c of charges as unknown as {
    platega_id: string
    order_id: string | null
    subscription_id: string
  }[]) {
    link(c.platega_id, c.subscription_id)
    link(c.platega_id, c.order_id)
  }
  for (const l of links) {
    link(l.transaction_id, l.order_id)
    link(l.transaction_id, l.payment_collection_id)
    link(l.transaction_id, l.payment_id)
  }
  for (const [tx, list] of cases) for (const c of list) link(tx, c.id)

  return {
    txs,
    subs,
    payments,
    orders: new Map(orders.map((o) => [o.id, o])),
    orderOfCollection,
    orderOfCart,
    cartOfCollection,
    cases,
    storeSubscriptions: new Map(
      storeSubs.map((s) => [
        lower(s.platega_id),
        { id: s.id, status: s.status, cart_id: s.cart_id },
      ]),
    ),
    edges,
    displayIds: orders.map((o) => Number(o.display_id)),
    lastIssued: mark.lastIssued,
  }
}

/** The Platega transactions a session's or payment's data says it is paid by. */
function paidTransactionIds(data: Record<string, unknown> | null): string[] {
  const ids = [data?.transaction_id, data?.first_charge_id]
  return ids.filter((id): id is string => typeof id === "string").map(lower)
}

// ---- money arithmetic ------------------------------------------------------------------------------

const sum = (xs: { amount: BigNumberInput }[]) =>
  xs.reduce((acc, x) => MathBN.add(acc, x.amount), MathBN.convert(0))
const money = (x: BigNumberInput) => MathBN.convert(x).toFixed(2)
const net = (p: MedusaPayment) => MathBN.sub(sum(p.captures), sum(p.refunds))

// ---- the invariants ----------------------------------------------------------------------------------

function orderOf(w: World, p: MedusaPayment): StoreOrder | undefined {
  const id =
    w.orderOfCollection.get(p.payment_collection_id) ??
    w.orderOfCart.get(w.cartOfCollection.get(p.payment_collection_id) ?? "")
  return id ? w.orders.get(id) : undefined
}

const orderName = (o: StoreOrder) => `order #${o.display_id} (${o.id})`

function paymentName(w: World, p: MedusaPayment): string {
  const cart = w.cartOfCollection.get(p.payment_collection_id)
  return `payment ${p.id} (${p.provider_id}, collection ${p.payment_collection_id}${cart ? `, cart ${cart}` : ""})`
}

/** (1), (2), (3) and (5): store-wide; scopes pick theirs by the ids each names. */
function evaluate(w: World): Violation[] {
  const out: Violation[] = []
  const paymentsOfTx = new Map<string, MedusaPayment[]>()
  for (const p of w.payments) {
    for (const id of paidTransactionIds(p.data)) {
      paymentsOfTx.set(id, [...(paymentsOfTx.get(id) ?? []), p])
    }
  }
  const openCases = (tx: string) => (w.cases.get(tx) ?? []).filter((c) => !c.resolution)
  const captured = (ps: MedusaPayment[]) => ps.filter((p) => p.captures.length > 0)

  // (1) every confirmed transaction, wherever its money went.
  for (const tx of w.txs) {
    const id = lower(tx.id)
    const payments = captured(paymentsOfTx.get(id) ?? [])
    const cases = w.cases.get(id) ?? []
    const open = openCases(id)
    const amount = `${money(String(tx.amount))} ${tx.currency}`
    const refs = [id, ...payments.map((p) => p.id), ...cases.map((c) => c.id)]
    const name = `transaction ${id} (${tx.status}${tx.refundStatus ? `, refund ${tx.refundStatus}` : ""}, ${amount})`
    if (tx.status === "PENDING" || tx.status === "CANCELED") {
      for (const p of payments) {
        out.push({
          invariant: 1,
          what: `${paymentName(w, p)} is captured (${money(sum(p.captures))}) for ${name}, which Platega does not hold as paid`,
          refs: [...refs, p.payment_collection_id],
        })
      }
      continue
    }
    if (tx.status === "CHARGEBACKED") {
      if (tx.refundStatus === "COMPLETED") {
        for (const p of payments) {
          if (!MathBN.eq(sum(p.refunds), sum(p.captures))) {
            out.push({
              invariant: 1,
              what: `${name} was refunded at Platega, but ${paymentName(w, p)} records ${money(sum(p.refunds))} refunded of ${money(sum(p.captures))} captured`,
              refs: [...refs, p.payment_collection_id],
            })
          }
        }
      } else {
        const held = payments.filter((p) => orderOf(w, p) && MathBN.gt(net(p), 0))
        if (held.length && !cases.some((c) => c.kind === "chargeback")) {
          out.push({
            invariant: 1,
            what: `${name} went back to the payer while ${held.map((p) => orderName(orderOf(w, p)!)).join(", ")} holds it, and no case says so`,
            refs,
          })
        }
      }
      continue
    }
    // CONFIRMED (a refund under review or refused leaves it so).
    const withOrder = payments.filter((p) => orderOf(w, p))
    if (payments.length === 1 && withOrder.length === 1) {
      const p = payments[0]
      const order = orderOf(w, p)!
      const problems: string[] = []
      if (p.captures.length !== 1) problems.push(`captured ${p.captures.length} times`)
      if (!MathBN.eq(sum(p.captures), String(tx.amount)))
        problems.push(`captured ${money(sum(p.captures))} for a transaction of ${amount}`)
      if (p.refunds.length)
        problems.push(`refunded ${money(sum(p.refunds))} in Medusa while Platega still holds it`)
      const refundable = open.filter((c) => c.refundable)
      if (refundable.length)
        problems.push(
          `a refundable case (${refundable.map((c) => `${c.kind} ${c.id}`).join(", ")}) is open for money the order holds`,
        )
      if (problems.length) {
        out.push({
          invariant: 1,
          what: `${name} pays ${orderName(order)} through ${p.id}, but ${problems.join("; ")}`,
          refs: [...refs, order.id, p.payment_collection_id],
        })
      }
      continue
    }
    if (payments.length > 1) {
      out.push({
        invariant: 1,
        what: `${name} is captured by ${payments.length} Medusa payments: ${payments
          .map(
            (p) =>
              `${p.id} ${money(sum(p.captures))}${orderOf(w, p) ? ` on ${orderName(orderOf(w, p)!)}` : " without order"}`,
          )
          .join("; ")}`,
        refs: [...refs, ...payments.map((p) => p.payment_collection_id)],
      })
      continue
    }
    // No order holds it: exactly one open case whose action is a refund.
    const refundable = open.filter((c) => c.refundable)
    if (open.length !== 1 || refundable.length !== 1) {
      const where = payments.length
        ? `captured by ${paymentName(w, payments[0])} without an order`
        : "no Medusa payment holds it"
      const caseWords = open.length
        ? `${open.length} open case(s): ${open.map((c) => `${c.kind} ${c.id}${c.refundable ? " (refundable)" : " (not refundable)"}`).join(", ")}`
        : `no open case${cases.length ? ` (settled: ${cases.map((c) => `${c.kind} ${c.resolution?.action}`).join(", ")})` : ""}`
      out.push({
        invariant: 1,
        what: `${name} pays no order (${where}) and has ${caseWords}`,
        refs: [...refs, ...payments.map((p) => p.payment_collection_id)],
      })
    }
  }

  // (2) captured payments without an order.
  for (const p of w.payments) {
    if (!MathBN.gt(net(p), 0) || orderOf(w, p)) continue
    const txIds = paidTransactionIds(p.data)
    const open = txIds.flatMap(openCases)
    if (open.length) continue
    // A subscription's checkout payment names its subscription until its charge is known.
    const sub = typeof p.data?.subscription_id === "string" ? p.data.subscription_id : undefined
    const paidBy = txIds.length
      ? `transaction ${txIds.join(", ")}`
      : sub
        ? `subscription ${sub} (no charge named)`
        : "no transaction named"
    out.push({
      invariant: 2,
      what: `${paymentName(w, p)} holds ${money(net(p))} ${p.currency_code.toUpperCase()} captured for ${paidBy} without an order, and no open case names it`,
      refs: [p.id, p.payment_collection_id, ...txIds, ...(sub ? [sub] : [])],
    })
  }

  // (3) orders holding more than their total.
  const paymentsOfOrder = new Map<string, MedusaPayment[]>()
  for (const p of w.payments) {
    const o = orderOf(w, p)
    if (o) paymentsOfOrder.set(o.id, [...(paymentsOfOrder.get(o.id) ?? []), p])
  }
  for (const [orderId, ps] of paymentsOfOrder) {
    const order = w.orders.get(orderId)!
    const held = ps.reduce((acc, p) => MathBN.add(acc, net(p)), MathBN.convert(0))
    if (!MathBN.gt(held, order.total)) continue
    const named = ps.some((p) =>
      paidTransactionIds(p.data).some((tx) =>
        (w.cases.get(tx) ?? []).some((c) => c.kind === "link_extra_payment" || !c.resolution),
      ),
    )
    if (named) continue
    out.push({
      invariant: 3,
      what: `${orderName(order)} holds ${money(held)} captured for a total of ${money(order.total)}: ${ps
        .map(
          (p) =>
            `${p.id} ${money(net(p))} (transaction ${paidTransactionIds(p.data).join(", ") || "?"})`,
        )
        .join("; ")}; no case names the extra ${money(MathBN.sub(held, order.total))}`,
      refs: [
        order.id,
        ...ps.flatMap((p) => [p.id, p.payment_collection_id, ...paidTransactionIds(p.data)]),
      ],
    })
  }

  // (5) subscriptions live at Platega that the store does not know, or shows as ended.
  for (const s of w.subs) {
    if (s.status !== "Active" && s.status !== "PastDue") continue
    const known = w.storeSubscriptions.get(lower(s.id))
    if (known && (known.status === "Active" || known.status === "PastDue")) continue
    out.push({
      invariant: 5,
      what: known
        ? `subscription ${s.id} is ${s.status} at Platega (${s.chargesSuccess} charges, ${money(String(s.amount))} ${s.currency} each) but the store's record ${known.id} says ${known.status}`
        : `subscription ${s.id} is ${s.status} at Platega (${s.chargesSuccess} charges, ${money(String(s.amount))} ${s.currency} each) and the store has no record of it`,
      refs: [lower(s.id), ...(known ? [known.id, known.cart_id] : [])],
    })
  }
  return out
}

/** (4) order numbers issued after `since` that no order holds. */
function burnedNumbers(w: World, since: OrderNumberMark | undefined): Violation[] {
  const from = (since?.lastIssued ?? 0) + 1
  const held = new Set(w.displayIds)
  const burned: number[] = []
  for (let n = from; n <= w.lastIssued; n++) if (!held.has(n)) burned.push(n)
  if (!burned.length) return []
  return [
    {
      invariant: 4,
      what: `${burned.length} order number(s) issued for no order: #${burned.join(", #")} (numbers #${from}..#${w.lastIssued} issued, ${w.displayIds.filter((n) => n >= from).length} orders hold them)`,
      refs: [],
    },
  ]
}

// ---- scopes ------------------------------------------------------------------------------------------

/** Every id reachable from the scope's carts, transactions and subscriptions. */
function closure(w: World, scope: MoneyScope): Set<string> | undefined {
  const seeds = [
    ...(scope.carts ?? []),
    ...(scope.transactions ?? []),
    ...(scope.subscriptions ?? []),
  ].map(norm)
  if (!scope.carts && !scope.transactions && !scope.subscriptions) return undefined
  const seen = new Set<string>(seeds)
  const queue = [...seeds]
  while (queue.length) {
    for (const next of w.edges.get(queue.pop()!) ?? []) {
      if (seen.has(next)) continue
      seen.add(next)
      queue.push(next)
    }
  }
  return seen
}

function inScope(v: Violation, ids: Set<string> | undefined): boolean {
  return !ids || v.refs.some((r) => ids.has(norm(r)))
}

// ---- acting on open cases ------------------------------------------------------------------------

/**
 * Refunds every open refundable case of a confirmed transaction that pays no order, as the
 * merchant would from the Transactions page; a refusal is a violation of (1).
 */
async function refundOpenCases(
  world: MoneyWorld,
  w: World,
  ids: Set<string> | undefined,
): Promise<{ refused: Violation[]; acted: boolean }> {
  const refused: Violation[] = []
  const { api, admin } = world
  if (!api || !admin) return { refused, acted: false }
  const byTx = new Map(w.txs.map((t) => [lower(t.id), t]))
  const due = [...w.cases].flatMap(([tx, cases]) => {
    const open = cases.filter((c) => !c.resolution)
    const refundable = open.filter((c) => c.refundable)
    const wanted = open.length === 1 && refundable.length === 1
    return wanted && byTx.get(tx)?.status === "CONFIRMED" && (!ids || ids.has(tx))
      ? [{ tx, c: refundable[0] }]
      : []
  })
  // A few at a time, as merchants at their screens would.
  for (let i = 0; i < due.length; i += 4) {
    await Promise.all(
      due.slice(i, i + 4).map(async ({ tx, c }) => {
        const res = await api.post(
          `/admin/platega/transactions/${tx}/cases/${c.id}/refund`,
          {},
          { ...admin, validateStatus: () => true },
        )
        if (res.status === 200) return
        refused.push({
          invariant: 1,
          what: `transaction ${tx}: the refund of its open ${c.kind} case ${c.id} answered ${res.status} ${JSON.stringify(res.data?.message ?? res.data)}`,
          refs: [tx, c.id],
        })
      }),
    )
  }
  if (due.length) await world.quiet?.()
  return { refused, acted: due.length > 0 }
}

// ---- the helper the tests call -------------------------------------------------------------------

/** Every violation in scope, read now (after refunding open cases, unless told not to). */
export async function moneyViolations(
  world: MoneyWorld,
  scope: MoneyScope = {},
  options: CheckOptions = {},
): Promise<Violation[]> {
  return (await moneyViolationsByScope(world, [scope], options))[0]
}

/**
 * The violations of each scope, from one reading of the store: open cases in any of them are
 * refunded together, with one wait for quiet after.
 */
export async function moneyViolationsByScope(
  world: MoneyWorld,
  scopes: MoneyScope[],
  options: CheckOptions = {},
): Promise<Violation[][]> {
  let w = await readWorld(world.container, world.sandbox)
  let closures = scopes.map((s) => closure(w, s))
  const refused: Violation[] = []
  if (options.refundOpenCases ?? !!world.admin) {
    const union = closures.some((c) => !c) ? undefined : new Set(closures.flatMap((c) => [...c!]))
    const refunds = await refundOpenCases(world, w, union)
    refused.push(...refunds.refused)
    if (refunds.acted) {
      w = await readWorld(world.container, world.sandbox)
      closures = scopes.map((s) => closure(w, s))
    }
  }
  const money = [...refused, ...evaluate(w)]
  return scopes.map((scope, i) => [
    ...money.filter((v) => inScope(v, closures[i])),
    ...((scope.orderNumbers ?? true) ? burnedNumbers(w, scope.orderNumbersSince) : []),
  ])
}

/** The violations as a reader wants them: one line each, by invariant. */
export function describeViolations(violations: Violation[]): string {
  const names: Record<Invariant, string> = {
    1: "a confirmed transaction pays one order, is refunded, or has one working case",
    2: "no captured payment without an order or a case",
    3: "no order holds more than its total",
    4: "no order number burned",
    5: "no subscription live at Platega that the store does not know",
  }
  return violations
    .slice()
    .sort((a, b) => a.invariant - b.invariant)
    .map((v) => `  (${v.invariant}) ${names[v.invariant]}: ${v.what}`)
    .join("\n")
}

/**
 * Money stays whole: throws, listing every violation with its ids and amounts, when one of the
 * invariants does not hold for the scope (the whole store by default).
 */
export async function assertMoneyWhole(
  world: MoneyWorld,
  scope: MoneyScope = {},
  options: CheckOptions = {},
): Promise<void> {
  const violations = await moneyViolations(world, scope, options)
  if (violations.length) {
    throw new Error(`money is not whole (${violations.length}):\n${describeViolations(violations)}`)
  }
}
