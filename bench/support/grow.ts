import type pg from "pg"
import { withClient } from "./database"

/**
 * Grows a store to "months of trading" fast: one finished Platega checkout (its cart, order,
 * payment, customer, reservation and callback-log rows) is copied `count` times with plain SQL,
 * every id and the Platega transaction id made unique per copy and the timestamps spread back in
 * time, one minute apart. Medusa's workflows would take hours for 100,000 orders; the rows are the
 * same shape because they are copies of rows Medusa wrote itself.
 */

/** Tables a checkout writes (found by diffing a store before and after checkouts). */
const CHECKOUT_TABLES = [
  "capture",
  "cart",
  "cart_address",
  "cart_line_item",
  "cart_payment_collection",
  "cart_shipping_method",
  "customer",
  "order",
  "order_address",
  "order_cart",
  "order_item",
  "order_line_item",
  "order_payment_collection",
  "order_shipping",
  "order_shipping_method",
  "order_summary",
  "order_transaction",
  "payment",
  "payment_collection",
  "payment_session",
  "platega_callback_event",
  "reservation_item",
]

interface Column {
  name: string
  type: string
  /** filled in by the database (serial, identity, generated): left out of the copy */
  automatic: boolean
}

type Row = Record<string, unknown>

const q = (name: string) => `"${name.replace(/"/g, '""')}"`
const lit = (s: string) => `'${s.replace(/'/g, "''")}'`

async function columnsOf(c: pg.Client, table: string): Promise<Column[]> {
  const { rows } = await c.query<{
    column_name: string
    data_type: string
    column_default: string | null
    is_identity: string
    is_generated: string
  }>(
    `select column_name, data_type, column_default, is_identity, is_generated
       from information_schema.columns where table_schema = 'public' and table_name = $1
      order by ordinal_position`,
    [table],
  )
  return rows.map((r) => ({
    name: r.column_name,
    type: r.data_type,
    automatic:
      r.is_identity === "YES" ||
      r.is_generated === "ALWAYS" ||
      (r.column_default ?? "").startsWith("nextval("),
  }))
}

/** Text columns that are (part of) a unique index: a copy must change them. */
async function uniqueTextColumns(c: pg.Client, table: string): Promise<Set<string>> {
  const { rows } = await c.query<{ name: string }>(
    `select distinct a.attname as name
       from pg_index i
       join pg_class t on t.oid = i.indrelid
       join pg_attribute a on a.attrelid = t.oid and a.attnum = any(i.indkey)
      where t.relname = $1 and i.indisunique and not i.indisprimary
        and a.atttypid in ('text'::regtype, 'varchar'::regtype)`,
    [table],
  )
  return new Set(rows.map((r) => r.name))
}

function textOf(value: unknown): string | undefined {
  if (typeof value === "string") return value
  if (value !== null && typeof value === "object" && !(value instanceof Date))
    return JSON.stringify(value)
  return undefined
}

/** The rows of one checkout: everything linked to its order by id, in either direction. */
function closure(all: Map<string, Row[]>, orderId: string): Map<string, Row[]> {
  // Only ids of rows in the checkout tables count (a region or a variant never joins).
  const known = new Set([...all.values()].flat().map((r) => String(r.id)))
  const refsOf = (row: Row) =>
    Object.values(row).filter((v): v is string => typeof v === "string" && known.has(v))
  const ids = new Set([orderId])
  for (let changed = true; changed;) {
    changed = false
    for (const row of [...all.values()].flat()) {
      const refs = refsOf(row)
      if (!refs.some((v) => ids.has(v))) continue
      for (const v of refs) {
        if (ids.has(v)) continue
        ids.add(v)
        changed = true
      }
    }
  }
  const unit = new Map<string, Row[]>()
  for (const [table, rows] of all) {
    const mine = rows.filter((r) => ids.has(String(r.id)))
    if (mine.length) unit.set(table, mine)
  }
  return unit
}

export interface GrowResult {
  orders: number
  rowsPerOrder: number
  durationMs: number
}

export async function growStore(
  databaseUrl: string,
  count: number,
  say: (m: string) => void = () => {},
): Promise<GrowResult> {
  const started = Date.now()
  return withClient(databaseUrl, async (c) => {
    const all = new Map<string, Row[]>()
    const columns = new Map<string, Column[]>()
    for (const table of CHECKOUT_TABLES) {
      const cols = await columnsOf(c, table)
      if (!cols.length) continue // a table this schema does not have
      columns.set(table, cols)
      all.set(table, (await c.query(`select * from ${q(table)}`)).rows)
    }
    // A Platega checkout whose callback was recorded: the richest template.
    const callbacks = all.get("platega_callback_event") ?? []
    const sessions = all.get("payment_session") ?? []
    const session = sessions.find((s) =>
      callbacks.some((cb) => JSON.stringify(s.data ?? {}).includes(String(cb.platega_id))),
    )
    const links = all.get("order_cart") ?? []
    const cartLinks = all.get("cart_payment_collection") ?? []
    const cartId = cartLinks.find(
      (l) => l.payment_collection_id === session?.payment_collection_id,
    )?.cart_id
    const orderId = links.find((l) => l.cart_id === cartId)?.order_id
    if (!session || !orderId) throw new Error("grow: no finished Platega checkout to copy")
    const txId = String((session.data as { transaction_id: string }).transaction_id)

    const unit = closure(all, String(orderId))
    // The callback rows of that transaction belong to the checkout too.
    unit.set(
      "platega_callback_event",
      callbacks.filter((cb) => cb.platega_id === txId),
    )
    const ids = [...unit.values()].flat().map((r) => String(r.id))

    let rowsPerOrder = 0
    await c.query("set session_replication_role = replica") // no FK triggers: copies are consistent
    await c.query("set synchronous_commit = off")
    const batch = 10_000
    for (let from = 1; from <= count; from += batch) {
      const to = Math.min(count, from + batch - 1)
      await c.query("begin")
      rowsPerOrder = 0
      for (const [table, rows] of unit) {
        const cols = columns.get(table)!.filter((col) => !col.automatic)
        const unique = await uniqueTextColumns(c, table)
        for (const row of rows) {
          rowsPerOrder++
          const exprs = cols.map((col) => copyExpression(col, row[col.name], ids, txId, unique))
          await c.query(
            `insert into ${q(table)} (${cols.map((col) => q(col.name)).join(", ")})
             select ${exprs.join(", ")} from ${q(table)} t, generate_series($2::int, $3::int) g
              where t.id = $1`,
            [row.id, from, to],
          )
        }
      }
      await c.query("commit")
      say(`  ${to.toLocaleString("en-US")} / ${count.toLocaleString("en-US")} orders`)
    }
    await c.query("set session_replication_role = origin")
    for (const table of unit.keys()) await c.query(`analyze ${q(table)}`)
    return { orders: count, rowsPerOrder, durationMs: Date.now() - started }
  })
}

/** SQL for one column of copy number `g` of a template row (alias t). */
function copyExpression(
  col: Column,
  value: unknown,
  ids: string[],
  txId: string,
  unique: Set<string>,
): string {
  const ref = `t.${q(col.name)}`
  if (value === null || value === undefined) return ref
  if (col.name === "created_at" || col.name === "updated_at")
    return `${ref} - make_interval(mins => g)`
  const text = textOf(value)
  if (text === undefined) return ref
  const isJson = col.type === "jsonb" || col.type === "json"
  let expr = isJson ? `${ref}::text` : ref
  let touched = false
  for (const id of ids) {
    if (!text.includes(id)) continue
    expr = `replace(${expr}, ${lit(id)}, ${lit(id)} || '_' || g)`
    touched = true
  }
  if (text.includes(txId)) {
    expr = `replace(${expr}, ${lit(txId)}, md5(${lit(txId)} || g)::uuid::text)`
    touched = true
  }
  if (!touched && unique.has(col.name)) return `'c' || g || '-' || ${ref}`
  return isJson ? `(${expr})::${col.type}` : expr
}
