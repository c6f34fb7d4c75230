import type { TimerHandle } from "../shared/clock"
import type { SubscriptionStatus } from "./types"

// Subscriptions are few (each is created by hand or by a test), so they are plain objects.

export interface SubscriptionRecord {
  id: string
  status: SubscriptionStatus
  amountMinor: number
  currency: number
  /** 1 day, 2 week, 3 month, 4 year */
  intervalCode: number
  intervalCount: number
  description: string
  payload: string | null
  returnUrl: string | null
  failedUrl: string | null
  createdAt: number
  bindDeadline: number
  startAt: number | null
  nextChargeAt: number | null
  lastChargeAt: number | null
  /** number of the next scheduled charge counted from startAt (the first charge is 0) */
  nextChargeNumber: number
  customerEmail: string | null
  chargesSuccess: number
  chargesFailed: number
  totalAmountMinor: number
  chargeIds: string[]
  failNextCharges: number
  /** who cancelled it: the merchant (API) or the payer (the link in Platega's e-mail) */
  cancelledBy: "merchant" | "payer" | null
  /** the bind deadline or the next charge */
  timer: TimerHandle | null
}

export class SubscriptionStore {
  private readonly byId = new Map<string, SubscriptionRecord>()

  add(record: SubscriptionRecord): void {
    this.byId.set(record.id, record)
  }

  get(id: string): SubscriptionRecord | undefined {
    return this.byId.get(id)
  }

  all(): SubscriptionRecord[] {
    return [...this.byId.values()]
  }

  get size(): number {
    return this.byId.size
  }

  clear(): void {
    for (const s of this.byId.values()) s.timer?.cancel()
    this.byId.clear()
  }

  /** The records as data (persistence); timers are set again by the engine after a restore. */
  snapshot(): Omit<SubscriptionRecord, "timer">[] {
    return this.all().map(({ timer: _timer, ...rest }) => rest)
  }

  restore(records: Omit<SubscriptionRecord, "timer">[]): void {
    this.clear()
    for (const r of records) this.add({ ...r, cancelledBy: r.cancelledBy ?? null, timer: null })
  }
}
