import { plategaErrorView, type PlategaErrorView, type Subscription } from "../../../../lib/platega"
import {
  productTitle,
  toAmount,
  type ChargeRow,
  type CustomerSummary,
  type OrderSummary,
} from "../../../../workflows/subscriptions/read-subscriptions"
import type { SubscriptionRecord } from "../../../../workflows/subscriptions/subscription-record"

export interface AdminPlategaSubscription {
  id: string
  platega_id: string
  status: string
  interval: string
  interval_count: number
  amount: number
  currency_code: string
  started_at: Date | null
  next_charge_at: Date | null
  last_charge_at: Date | null
  cancelled_at: Date | null
  cancelled_by: string | null
  customer_id: string | null
  customer_email: string | null
  customer: CustomerSummary | null
  first_order_id: string | null
  charges_count: number
  attention: string | null
  product_title: string | null
  created_at: Date
}

export type AdminPlategaCharge = Omit<ChargeRow, "subscription_id"> & {
  order_display_id: number | null
}

type Row = SubscriptionRecord & { created_at: Date }

export function toAdminSubscription(
  record: SubscriptionRecord,
  extras: { customer?: CustomerSummary; charges_count: number },
): AdminPlategaSubscription {
  const r = record as Row
  return {
    id: r.id,
    platega_id: r.platega_id,
    status: r.status,
    interval: r.interval,
    interval_count: r.interval_count,
    amount: toAmount(r.amount),
    currency_code: r.currency_code,
    started_at: r.started_at,
    next_charge_at: r.next_charge_at,
    last_charge_at: r.last_charge_at,
    cancelled_at: r.cancelled_at,
    cancelled_by: r.cancelled_by,
    customer_id: r.customer_id,
    customer_email: r.customer_email,
    customer: extras.customer ?? null,
    first_order_id: r.first_order_id,
    charges_count: extras.charges_count,
    attention: r.attention,
    product_title: productTitle(r),
    created_at: r.created_at,
  }
}

export function toAdminCharge(
  charge: ChargeRow,
  orders: Map<string, OrderSummary>,
): AdminPlategaCharge {
  const { subscription_id: _omit, ...rest } = charge
  return {
    ...rest,
    order_display_id: charge.order_id ? (orders.get(charge.order_id)?.display_id ?? null) : null,
  }
}

/** Platega's own reading, for the detail page; its failure is shown, never a failed page. */
export type LiveReading =
  | {
      live: {
        status: string | number
        next_charge_at: string | null
        last_charge_at: string | null
        charge_metrics: Record<string, unknown> | null
      }
      live_error: null
    }
  | { live: null; live_error: PlategaErrorView }

export async function readLive(read: () => Promise<Subscription>): Promise<LiveReading> {
  try {
    const sub = await read()
    const metrics = (sub.chargeMetrics ?? null) as Record<string, unknown> | null
    return {
      live: {
        status: sub.status,
        next_charge_at: sub.nextChargeAt ?? (metrics?.nextChargeAt as string | undefined) ?? null,
        last_charge_at: sub.lastChargeAt ?? (metrics?.lastChargeAt as string | undefined) ?? null,
        charge_metrics: metrics,
      },
      live_error: null,
    }
  } catch (e) {
    return { live: null, live_error: plategaErrorView(e) }
  }
}
