import { CURRENCIES, NO_METHOD, TX_STATUS, methodName, txStatusName } from "../shared/codes"
import { commissionMinor, fromMinor } from "../shared/money"
import { iso } from "../shared/timefmt"
import type { DeclineReason, RefundStatus, SandboxTransaction } from "./types"

// Transactions are stored column-wise in typed arrays: a million seeded rows cost about 130 MB
// (the id string and its map entry dominate) instead of the ~1 KB per row plain objects would take.
// Rare, bulky data (URLs, metadata) lives in a side map only for transactions created over the API.

export const TX_FLAG = { LINK: 1, SUBSCRIPTION_CHARGE: 2, SEEDED: 4 } as const

export const REFUND = { NONE: 0, MANUAL_CONTROL: 1, COMPLETED: 2, REJECTED: 3 } as const

const REFUND_NAMES: Record<number, RefundStatus | null> = {
  0: null,
  1: "MANUAL_CONTROL",
  2: "COMPLETED",
  3: "REJECTED",
}

export interface TxExtra {
  returnUrl?: string
  failedUrl?: string
  orderId?: string
  metadata?: { userId?: string; userName?: string }
  subscriptionId?: string
  refundMessage?: string
  /** why the payer page, the clock or the control API declined it */
  declineReason?: DeclineReason
  /** the last four digits of a declined card */
  declinedCard?: string
}

interface NewTransaction {
  id: string
  amountMinor: number
  currency: number
  method: number
  status: number
  createdAt: number
  expiresAt: number
  description: string
  payload: string | null
  commissionPercent: number
  flags: number
  extra?: TxExtra
}

const INITIAL_CAPACITY = 1024

/** The store as data (persistence): typed columns as base64 of their bytes, strings as arrays. */
export interface TransactionsSnapshot {
  size: number
  ids: string[]
  columns: Record<ColumnName, string>
  pool: string[]
  pooled: [string, number][]
  extras: [number, TxExtra][]
}

const COLUMNS = [
  "amountMinor",
  "createdAt",
  "expiresAt",
  "status",
  "method",
  "currency",
  "flags",
  "refund",
  "commissionBp",
  "descriptionRef",
  "payloadRef",
] as const
type ColumnName = (typeof COLUMNS)[number]

export class TransactionStore {
  size = 0
  ids: string[] = []
  amountMinor = new Float64Array(INITIAL_CAPACITY)
  createdAt = new Float64Array(INITIAL_CAPACITY)
  expiresAt = new Float64Array(INITIAL_CAPACITY)
  status = new Uint8Array(INITIAL_CAPACITY)
  method = new Uint8Array(INITIAL_CAPACITY)
  currency = new Uint8Array(INITIAL_CAPACITY)
  flags = new Uint8Array(INITIAL_CAPACITY)
  refund = new Uint8Array(INITIAL_CAPACITY)
  /** commission in basis points of a percent (3 % → 300) */
  commissionBp = new Uint16Array(INITIAL_CAPACITY)
  descriptionRef = new Uint32Array(INITIAL_CAPACITY)
  /** 0 = no payload */
  payloadRef = new Uint32Array(INITIAL_CAPACITY)
  readonly extras = new Map<number, TxExtra>()
  private readonly index = new Map<string, number>()
  // Strings referenced by descriptionRef/payloadRef; slot 0 is the empty string.
  private pool: string[] = [""]
  private readonly pooled = new Map<string, number>()

  get capacity(): number {
    return this.status.length
  }

  indexOf(id: string): number {
    return this.index.get(id) ?? -1
  }

  /** Interns a string that many rows share (seeded descriptions). */
  intern(text: string): number {
    let ref = this.pooled.get(text)
    if (ref === undefined) {
      ref = this.pool.push(text) - 1
      this.pooled.set(text, ref)
    }
    return ref
  }

  add(tx: NewTransaction): number {
    const descriptionRef = tx.description === "" ? 0 : this.pool.push(tx.description) - 1
    const payloadRef = tx.payload === null ? 0 : this.pool.push(tx.payload) - 1
    const i = this.addRaw(tx.id, tx, descriptionRef, payloadRef)
    if (tx.extra) this.extras.set(i, tx.extra)
    return i
  }

  /** The bulk path of seeding: pooled strings, no side data. */
  addRaw(
    id: string,
    tx: Omit<NewTransaction, "id" | "description" | "payload" | "extra">,
    descriptionRef: number,
    payloadRef: number,
  ): number {
    if (this.index.has(id)) throw new Error(`duplicate transaction id ${id}`)
    if (this.size === this.capacity) this.grow()
    const i = this.size++
    this.ids.push(id)
    this.index.set(id, i)
    this.amountMinor[i] = tx.amountMinor
    this.createdAt[i] = tx.createdAt
    this.expiresAt[i] = tx.expiresAt
    this.status[i] = tx.status
    this.method[i] = tx.method
    this.currency[i] = tx.currency
    this.flags[i] = tx.flags
    this.refund[i] = REFUND.NONE
    this.commissionBp[i] = Math.round(tx.commissionPercent * 100)
    this.descriptionRef[i] = descriptionRef
    this.payloadRef[i] = payloadRef
    return i
  }

  description(i: number): string {
    return this.pool[this.descriptionRef[i]]
  }

  payload(i: number): string | null {
    if (this.flags[i] & TX_FLAG.SEEDED) return `seed-${i}`
    const ref = this.payloadRef[i]
    return ref === 0 ? null : this.pool[ref]
  }

  commissionMinor(i: number): number {
    return commissionMinor(this.amountMinor[i], this.commissionBp[i] / 100)
  }

  extra(i: number): TxExtra {
    let extra = this.extras.get(i)
    if (!extra) {
      extra = {}
      this.extras.set(i, extra)
    }
    return extra
  }

  refundStatus(i: number): RefundStatus | null {
    return REFUND_NAMES[this.refund[i]] ?? null
  }

  isPending(i: number): boolean {
    return this.status[i] === TX_STATUS.PENDING
  }

  view(i: number): SandboxTransaction {
    const extra = this.extras.get(i)
    const method = this.method[i]
    return {
      id: this.ids[i],
      status: txStatusName(this.status[i]),
      amount: fromMinor(this.amountMinor[i]),
      currency: CURRENCIES[this.currency[i]],
      paymentMethod: method === NO_METHOD ? null : method,
      paymentMethodName: method === NO_METHOD ? null : methodName(method),
      createdAt: iso(this.createdAt[i]),
      expiresAt: iso(this.expiresAt[i]),
      description: this.description(i),
      payload: this.payload(i),
      returnUrl: extra?.returnUrl ?? null,
      failedUrl: extra?.failedUrl ?? null,
      orderId: extra?.orderId ?? null,
      metadata: extra?.metadata ?? null,
      commission: fromMinor(this.commissionMinor(i)),
      refundStatus: this.refundStatus(i),
      refundStatusMessage: extra?.refundMessage ?? null,
      declineReason: extra?.declineReason ?? null,
      subscriptionId: extra?.subscriptionId ?? null,
      link: (this.flags[i] & TX_FLAG.LINK) !== 0,
      seeded: (this.flags[i] & TX_FLAG.SEEDED) !== 0,
    }
  }

  snapshot(): TransactionsSnapshot {
    const columns = {} as Record<ColumnName, string>
    for (const name of COLUMNS) {
      const col = this[name]
      columns[name] = Buffer.from(
        col.buffer,
        col.byteOffset,
        this.size * col.BYTES_PER_ELEMENT,
      ).toString("base64")
    }
    return {
      size: this.size,
      ids: this.ids,
      columns,
      pool: this.pool,
      pooled: [...this.pooled],
      extras: [...this.extras],
    }
  }

  restore(s: TransactionsSnapshot): void {
    this.clear()
    let capacity = INITIAL_CAPACITY
    while (capacity < s.size) capacity *= 2
    this.resize(capacity)
    for (const name of COLUMNS) {
      const bytes = Buffer.from(s.columns[name], "base64")
      const col = this[name]
      if (bytes.length !== s.size * col.BYTES_PER_ELEMENT)
        throw new Error(`column ${name} holds ${bytes.length} bytes, not ${s.size} rows`)
      new Uint8Array(col.buffer, col.byteOffset, bytes.length).set(bytes)
    }
    this.size = s.size
    this.ids = s.ids
    s.ids.forEach((id, i) => this.index.set(id, i))
    this.pool = s.pool
    for (const [text, ref] of s.pooled) this.pooled.set(text, ref)
    for (const [i, extra] of s.extras) this.extras.set(i, extra)
  }

  clear(): void {
    this.size = 0
    this.ids = []
    this.index.clear()
    this.extras.clear()
    this.pool = [""]
    this.pooled.clear()
    this.resize(INITIAL_CAPACITY)
  }

  private grow(): void {
    this.resize(this.capacity * 2)
  }

  private resize(capacity: number): void {
    const copy = <T extends Float64Array | Uint8Array | Uint16Array | Uint32Array>(
      old: T,
      make: (n: number) => T,
    ): T => {
      const next = make(capacity)
      next.set(old.subarray(0, Math.min(this.size, capacity)))
      return next
    }
    this.amountMinor = copy(this.amountMinor, (n) => new Float64Array(n))
    this.createdAt = copy(this.createdAt, (n) => new Float64Array(n))
    this.expiresAt = copy(this.expiresAt, (n) => new Float64Array(n))
    this.status = copy(this.status, (n) => new Uint8Array(n))
    this.method = copy(this.method, (n) => new Uint8Array(n))
    this.currency = copy(this.currency, (n) => new Uint8Array(n))
    this.flags = copy(this.flags, (n) => new Uint8Array(n))
    this.refund = copy(this.refund, (n) => new Uint8Array(n))
    this.commissionBp = copy(this.commissionBp, (n) => new Uint16Array(n))
    this.descriptionRef = copy(this.descriptionRef, (n) => new Uint32Array(n))
    this.payloadRef = copy(this.payloadRef, (n) => new Uint32Array(n))
  }
}
