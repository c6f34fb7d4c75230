// Handed reads: one event's answers from Platega, given to the work it runs, so that Medusa's
// authorization inside it is answered by the read that decided it (see withHandedReads).
import { AsyncLocalStorage } from "node:async_hooks"
import type { Subscription, TransactionStatus } from "../../../lib/platega"

/** Platega's answers one event's read got, by lower-case id. */
interface HandedReads {
  transactions: Map<string, TransactionStatus>
  subscriptions: Map<string, Subscription>
  /**
   * False once `work` has settled: what it started that outlives it (an event's subscriber, a
   * timer) inherits this store, and must read Platega afresh.
   */
  open: boolean
}

const handed = new AsyncLocalStorage<HandedReads>()

export interface ReadsToHand {
  transactions?: (TransactionStatus | undefined)[]
  subscriptions?: (Subscription | undefined)[]
}

/**
 * Runs `work` with Platega's answers that this event just read handed to every read of the same
 * ids inside it: Medusa's authorization (and capture), which asks the provider again, is answered
 * by the read that decided it, so one event reads Platega once. Only `work`'s own calls see them,
 * in this process and only while it runs: nothing is kept, and nothing another caller sends can
 * put an answer here. Hand reads only to work that does not start other events' work (keep cart
 * completion, which places orders and so starts their subscribers, outside it).
 */
export async function withHandedReads<T>(reads: ReadsToHand, work: () => Promise<T>): Promise<T> {
  const outer = open(handed.getStore())
  const inner: HandedReads = {
    transactions: new Map(outer?.transactions),
    subscriptions: new Map(outer?.subscriptions),
    open: true,
  }
  for (const tx of reads.transactions ?? []) if (tx) inner.transactions.set(key(tx.id), tx)
  for (const sub of reads.subscriptions ?? []) if (sub) inner.subscriptions.set(key(sub.id), sub)
  try {
    return await handed.run(inner, work)
  } finally {
    inner.open = false
  }
}

/** The answer handed to this read, if `withHandedReads` holds one for the id. */
export function handedTransaction(id: string): TransactionStatus | undefined {
  return open(handed.getStore())?.transactions.get(key(id))
}

export function handedSubscription(id: string): Subscription | undefined {
  return open(handed.getStore())?.subscriptions.get(key(id))
}

const open = (store: HandedReads | undefined) => (store?.open ? store : undefined)

const key = (id: string) => id.toLowerCase()
