import { describeSubscriptionStatus, type SubscriptionStatusText } from "../../lib/platega"
import {
  PLATEGA_SUBSCRIPTION_ACTIVATED,
  PLATEGA_SUBSCRIPTION_CANCELLED,
  PLATEGA_SUBSCRIPTION_FAILED,
  PLATEGA_SUBSCRIPTION_PAST_DUE,
} from "./events"

/** Statuses after which Platega never charges again. */
export const FINAL_SUBSCRIPTION_STATUSES: readonly string[] = ["Cancelled", "Failed"]

/** Platega's status as the record keeps it: the text form when known, else the raw value. */
export function recordStatus(value: string | number): string {
  const info = describeSubscriptionStatus(value)
  return info.text ?? String(info.raw)
}

export function isFinalSubscriptionStatus(status: string): boolean {
  return FINAL_SUBSCRIPTION_STATUSES.includes(status)
}

const EVENT_FOR: Partial<Record<SubscriptionStatusText, string>> = {
  Active: PLATEGA_SUBSCRIPTION_ACTIVATED,
  PastDue: PLATEGA_SUBSCRIPTION_PAST_DUE,
  Cancelled: PLATEGA_SUBSCRIPTION_CANCELLED,
  Failed: PLATEGA_SUBSCRIPTION_FAILED,
}

/** The event a change of status emits; undefined when nothing changed or nothing is announced. */
export function statusEvent(from: string | undefined, to: string): string | undefined {
  if (from === to) return undefined
  return EVENT_FOR[to as SubscriptionStatusText]
}

/** The fields of GET /subscription/{id} this reading needs. */
export interface SubscriptionRead {
  status: string | number
  lastChargeAt?: string | null
  chargeMetrics?: { chargesSuccess?: number | null } | null
}

/**
 * How many charges Platega took on a subscription. `chargeMetrics` says it; without them, an
 * Active subscription that has charged counts one (a failed charge would have made it PastDue).
 */
export function successfulCharges(sub: SubscriptionRead): number {
  const counted = sub.chargeMetrics?.chargesSuccess
  if (typeof counted === "number") return counted
  return recordStatus(sub.status) === "Active" && sub.lastChargeAt ? 1 : 0
}
