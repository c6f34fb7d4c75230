import { LRUCache } from "lru-cache"

/** What the callback log holds for one delivered callback. */
export interface RecordedCallback {
  id: string
  outcome: string
}

interface KnownCallbacksOptions {
  /** Writes counted deliveries: record id → deliveries to add. Called with a non-empty map. */
  addDeliveries: (counts: Map<string, number>) => Promise<void>
  onWriteError: (error: unknown) => void
  /** How long the tally waits before writing (deliveries that come meanwhile share one write). */
  flushAfterMs?: number
  max?: number
  ttlMs?: number
}

/**
 * Callbacks this process has seen reach a final outcome. Platega repeats a callback until it gets
 * a 2xx, and a final outcome never changes, so a repeat of one needs no database round trip: it is
 * answered from here and only counted, the counts written in one statement a moment later. Open
 * outcomes are never kept, so every delivery of a callback still being processed goes to the
 * database, where concurrent deliveries are serialised.
 *
 * Why it stays on the path: a repeat answered here instead of an upsert with its own commit took
 * duplicates from 558 to 1,019 a second beside 1,228 for `GET /health` (docs/performance.md).
 *
 * Per process and bounded: another instance, or this one after a restart or an eviction, asks the
 * database once and remembers again. A count not yet written when the process dies is lost; it is
 * only the tally of deliveries, nothing acts on it.
 */
export class KnownCallbacks {
  private readonly final: LRUCache<string, RecordedCallback>
  private pending = new Map<string, number>()
  private timer: NodeJS.Timeout | undefined
  private writing: Promise<void> = Promise.resolve()

  constructor(private readonly options: KnownCallbacksOptions) {
    this.final = new LRUCache({ max: options.max ?? 10_000, ttl: options.ttlMs ?? 15 * 60_000 })
  }

  /** The record of a final callback with this key, counting this delivery; else undefined. */
  repeat(key: string): RecordedCallback | undefined {
    const known = this.final.get(key)
    if (!known) return undefined
    this.pending.set(known.id, (this.pending.get(known.id) ?? 0) + 1)
    this.timer ??= setTimeout(() => void this.flush(), this.options.flushAfterMs ?? 200).unref()
    return known
  }

  /** Keeps a record whose outcome is final (others are ignored: they may still change). */
  remember(key: string, record: RecordedCallback, isFinal: boolean): void {
    if (isFinal) this.final.set(key, { id: record.id, outcome: record.outcome })
  }

  /** Writes the deliveries counted so far (also at shutdown); resolves once they are written. */
  flush(): Promise<void> {
    clearTimeout(this.timer)
    this.timer = undefined
    if (this.pending.size) {
      const counts = this.pending
      this.pending = new Map()
      // One write at a time, in order: a count is never overtaken by a later one.
      this.writing = this.writing.then(() =>
        this.options.addDeliveries(counts).catch(this.options.onWriteError),
      )
    }
    return this.writing
  }
}
