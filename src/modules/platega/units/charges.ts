import type { EntityManager } from "@medusajs/framework/mikro-orm/knex"
import { generateEntityId } from "@medusajs/framework/utils"
import { hasRow, type PgConnection } from "../pg-connection"

/**
 * The subscription-charge ledger: one row per Platega charge (its transaction id is unique), the
 * claim that lets exactly one process build the charge's order, and whether a charge is a given
 * subscription's.
 */

export interface ChargeRecordInput {
  platega_id: string
  subscription_id: string
  status: string
  /** Decimal string in major units. */
  amount: string
  currency_code: string
  charged_at: Date | null
  source: "callback" | "sync"
}

export interface RecordedCharge {
  id: string
  created: boolean
  status: string
  kind: "first" | "renewal" | null
  order_id: string | null
}

/**
 * Records a charge in one statement, keyed by its transaction id: the first delivery creates it,
 * a later one only refreshes its status. Atomic under concurrent deliveries.
 */
export async function recordCharge(
  manager: EntityManager,
  input: ChargeRecordInput,
): Promise<RecordedCharge> {
  const rows: RecordedCharge[] = await manager.execute(
    `insert into platega_subscription_charge
       (id, platega_id, subscription_id, status, amount, raw_amount, currency_code, charged_at, source)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?)
     on conflict (platega_id) where deleted_at is null
     do update set status = excluded.status, updated_at = now()
     returning id, status, kind, order_id, (xmax = 0) as created`,
    [
      generateEntityId(undefined, "plchg"),
      input.platega_id.toLowerCase(),
      input.subscription_id,
      input.status,
      input.amount,
      JSON.stringify({ value: input.amount, precision: 20 }),
      input.currency_code,
      input.charged_at,
      input.source,
    ],
  )
  return rows[0]
}

/**
 * Takes a charge for building its order, across processes: true for exactly one caller until the
 * order is recorded or the claim runs out (a crashed builder's claim expires).
 */
export async function claimCharge(
  manager: EntityManager,
  id: string,
  seconds: number,
): Promise<boolean> {
  const rows: unknown[] = await manager.execute(
    `update platega_subscription_charge
        set claimed_until = now() + make_interval(secs => ?), updated_at = now()
      where id = ? and order_id is null and deleted_at is null
        and (claimed_until is null or claimed_until < now())
      returning id`,
    [seconds, id],
  )
  return rows.length === 1
}

/**
 * Whether Platega's charge `chargeId` belongs to the subscription `subscriptionId` (Platega's id)
 * in this store's ledger: a renewal is paid only by its own subscription's charge.
 */
export function isSubscriptionCharge(
  pg: PgConnection | undefined,
  chargeId: string,
  subscriptionId: string,
): Promise<boolean> {
  return hasRow(
    pg,
    `select 1 from platega_subscription_charge c join platega_subscription s on s.id = c.subscription_id
     where c.platega_id = ? and s.platega_id = ? and c.deleted_at is null limit 1`,
    [chargeId, subscriptionId],
  )
}
