import type { PayoutRecord } from "./types"

// Payout records and the idempotency memory. Only successful creates are remembered: a request that
// failed (e.g. insufficient balance) may be retried with the same key once the cause is fixed.

export interface IdempotentResult {
  bodyHash: string
  record: PayoutRecord
}

export class PayoutStore {
  private readonly records: PayoutRecord[] = []
  private readonly byKey = new Map<string, IdempotentResult>()

  remembered(key: string): IdempotentResult | undefined {
    return this.byKey.get(key)
  }

  add(record: PayoutRecord, bodyHash: string): void {
    this.records.push(record)
    this.byKey.set(record.idempotencyKey, { bodyHash, record })
  }

  list(): PayoutRecord[] {
    return this.records.map((r) => ({ ...r }))
  }

  snapshot(): IdempotentResult[] {
    return this.records.map((record) => ({
      record,
      bodyHash: this.byKey.get(record.idempotencyKey)?.bodyHash ?? "",
    }))
  }

  restore(results: IdempotentResult[]): void {
    this.clear()
    for (const r of results) this.add(r.record, r.bodyHash)
  }

  clear(): void {
    this.records.length = 0
    this.byKey.clear()
  }
}
