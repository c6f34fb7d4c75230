import { AsyncLocalStorage } from "node:async_hooks"
import type { Subscription, TransactionStatus } from "../../../lib/platega"

/** Platega's answers one event's read got, by lower-case id. */
interface HandedReads {
  transactions: Map<string, TransactionStatus>
  subscriptions: Map<string, Subscription>
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
 * put an answer here.
 */
export function withHandedReads<T>(reads: ReadsToHand, work: () => Promise<T>): Promise<T> {
  const outer = handed.getStore()
  const inner: HandedReads = {
    transactions: new Map(outer?.transactions),
    subscriptions: new Map(outer?.subscriptions),
  }
  for (const tx of reads.transactions ?? []) if (tx) inner.transactions.set(key(tx.id), tx)
  for (const sub of reads.subscriptions ?? []) if (sub) inner.subscriptions.set(key(sub.id), sub)
  return handed.run(inner, work)
}

/** The answer handed to this read, if `withHandedReads` holds one for the id. */
export function handedTransaction(id: string): TransactionStatus | undefined {
  return handed.getStore()?.transactions.get(key(id))
}

export function handedSubscription(id: string): Subscription | undefined {
  return handed.getStore()?.subscriptions.get(key(id))
}

const key = (id: string) => id.toLowerCase()
