import pg from "pg"

/**
 * The moment the store has processed a transaction's callback, told by the database: a trigger on
 * the store's callback log (in the bench's own database only) notifies a connection that listens.
 * The bench used to look for it in the log every few milliseconds: each look came up to a poll
 * interval late, and at four shoppers the looks took CPU from the store.
 */
export interface ProcessedCallbacks {
  /** Resolves once the callback of `transactionId` has an outcome that is final. */
  wait(transactionId: string, timeoutMs?: number): Promise<void>
  stop(): Promise<void>
}

const CHANNEL = "bench_callback_processed"

export async function watchProcessedCallbacks(databaseUrl: string): Promise<ProcessedCallbacks> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  await client.query(`
    create or replace function bench_notify_callback_processed() returns trigger
      language plpgsql as $$
      begin
        perform pg_notify('${CHANNEL}', lower(new.platega_id));
        return new;
      end $$;
    create or replace trigger bench_callback_processed
      after update of processed_at on platega_callback_event for each row
      when (old.processed_at is null and new.processed_at is not null)
      execute function bench_notify_callback_processed();`)
  // Told before anyone waits (the callback came first): kept until it is waited for.
  const told = new Set<string>()
  const waiting = new Map<string, () => void>()
  client.on("notification", ({ payload }) => {
    if (!payload) return
    const wake = waiting.get(payload)
    if (wake) wake()
    else told.add(payload)
  })
  await client.query(`listen ${CHANNEL}`)
  return {
    async wait(transactionId, timeoutMs = 60_000) {
      const id = transactionId.toLowerCase()
      if (told.delete(id)) return
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(id)
          reject(
            new Error(`the callback of ${transactionId} was not processed within ${timeoutMs} ms`),
          )
        }, timeoutMs)
        waiting.set(id, () => {
          clearTimeout(timer)
          waiting.delete(id)
          resolve()
        })
      })
    },
    stop: () => client.end(),
  }
}
