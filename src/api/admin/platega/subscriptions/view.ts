import { plategaErrorView, type PlategaErrorView, type Subscription } from "../../../../lib/platega"
import {
  subscriptionView,
  type ChargeRow,
  type CustomerSummary,
  type OrderSummary,
  type SubscriptionView,
} from "../../../../workflows/subscriptions/read-subscriptions"
import type { SubscriptionRecord } from "../../../../workflows/subscriptions/subscription-record"

export interface AdminPlategaSubscription extends SubscriptionView {
  platega_id: string
  cancelled_by: string | null
  customer_id: string | null
  customer_email: string | null
  customer: CustomerSummary | null
  first_order_id: string | null
  charges_count: number
  attention: string | null
}

type AdminPlategaCharge = Omit<ChargeRow, "subscription_id"> & {
  order_display_id: number | null
}

export function toAdminSubscription(
  record: SubscriptionRecord,
  extras: { customer?: CustomerSummary; charges_count: number },
): AdminPlategaSubscription {
  const r = record
  return {
    ...subscriptionView(r),
    platega_id: r.platega_id,
    cancelled_by: r.cancelled_by,
    customer_id: r.customer_id,
    customer_email: r.customer_email,
    customer: extras.customer ?? null,
    first_order_id: r.first_order_id,
    charges_count: extras.charges_count,
    attention: r.attention,
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
type LiveReading =
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
