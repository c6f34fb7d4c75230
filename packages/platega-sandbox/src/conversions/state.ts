// Conversions (Platega's "balance unlock operations"): money of one balance turned into another at
// the sandbox's rate. Few (each made by hand or by a test), so plain objects, oldest first.

export interface ConversionRecord {
  /** sequential, from 1: the one public client that types it reads an integer */
  id: number
  createdAt: number
  currency: string
  amountMinor: number
  toCurrency: string
  toAmountMinor: number
  /** as GET /rates/payment_method_rate quotes the pair */
  rate: number
}

export class ConversionStore {
  private records: ConversionRecord[] = []

  add(record: Omit<ConversionRecord, "id">): ConversionRecord {
    const last = this.records[this.records.length - 1]
    const full = { id: (last?.id ?? 0) + 1, ...record }
    this.records.push(full)
    return full
  }

  all(): readonly ConversionRecord[] {
    return this.records
  }

  clear(): void {
    this.records = []
  }

  snapshot(): ConversionRecord[] {
    return this.records.map((r) => ({ ...r }))
  }

  restore(records: ConversionRecord[] | undefined): void {
    this.records = (records ?? []).map((r) => ({ ...r }))
  }
}
