import { generateEntityId } from "@medusajs/framework/utils"
import type { Logger } from "@medusajs/framework/types"

export const RECENT_READS_TABLE = "platega_recent_read"

/**
 * How long a final read of this store answers for Platega. The callback and the shopper's return
 * both follow the payment within seconds (Platega sends the callback at the status change and
 * sends the payer back at the same moment), so a minute covers a slow return or a queued callback.
 * A CONFIRMED transaction changes only by a refund (which this store starts, and which forgets the
 * read) or a dispute (days later; its CHARGEBACKED callback claims another status, which is always
 * read afresh); a subscription that took its first charge has paid its checkout for good.
 */
export const FINAL_READ_TTL_SECONDS = 60
/**
 * How long the others wait for a read in flight before asking Platega themselves: a read takes
 * tens of milliseconds; a process that died mid-read holds nobody up for longer than this.
 */
export const IN_FLIGHT_WAIT_MS = 5_000
const POLL_MS = 40
/** Every this many reads a process removes the rows nobody can use any more (older than this). */
const PRUNE_EVERY = 200
const KEEP_SECONDS = 600

interface Knexish {
  raw(sql: string, bindings?: unknown[]): Promise<{ rows: unknown[] }>
}

interface Row {
  body: unknown
  answers: boolean
  claimed: boolean
}

export interface ReadOptions {
  /**
   * Whether a final read this store made in the last minute may answer (or a read in flight be
   * waited for). False: Platega is asked now; its answer is still kept for the reads after.
   */
  reuse: boolean
}

/** What is read, and which of its answers may answer again. */
export interface ReadKind<T> {
  /** Prefix of the key: one Platega id may be a transaction and, for method 6, a subscription. */
  name: "transaction" | "subscription"
  /** Platega's status in the answer (kept for people reading the table). */
  status(value: T): string
  /** Only a final answer is ever served from memory. */
  final(value: T): boolean
}

/**
 * Reads of Platega with a memory shared by every instance (a table, not a process): a read this
 * store made of Platega's answer a moment ago serves the authorization that follows it, and two
 * readers at the same moment (a callback and the shopper's return) make one call. Only a final
 * answer is ever reused, and only for FINAL_READ_TTL_SECONDS: a PENDING, CANCELED or unknown
 * status is never an answer from memory, so nothing stale blocks a later read. Nothing is written
 * here but what Platega answered. The memory is an economy, never a condition: when the database
 * cannot keep it, Platega is simply asked.
 */
export class RecentReads {
  private remembered = 0

  constructor(
    private readonly pg: Knexish | undefined,
    private readonly logger?: Logger,
    private readonly sleep: (ms: number) => Promise<void> = (ms) =>
      new Promise((r) => setTimeout(r, ms)),
  ) {}

  async read<T>(
    kind: ReadKind<T>,
    id: string,
    fetch: () => Promise<T>,
    options: ReadOptions,
  ): Promise<T> {
    if (!this.pg) return fetch()
    const key = `${kind.name}:${id.toLowerCase()}`
    if (!options.reuse) return this.readNow(kind, key, fetch, false)
    const deadline = Date.now() + IN_FLIGHT_WAIT_MS
    for (;;) {
      const claimed = await this.tryClaim(key)
      if (claimed !== false) return this.readNow(kind, key, fetch, claimed === true)
      const row = await this.row(key)
      if (row?.answers) return (typeof row.body === "string" ? JSON.parse(row.body) : row.body) as T
      // Claimed by another reader: wait for its answer, but never past the deadline.
      if (!row?.claimed || Date.now() >= deadline) return this.readNow(kind, key, fetch, false)
      await this.sleep(POLL_MS)
    }
  }

  /** After a refund or a cancel this store started: the next read asks Platega. */
  async forget(name: ReadKind<unknown>["name"], id: string): Promise<void> {
    await this.bestEffort(`delete from ${RECENT_READS_TABLE} where key = ?`, [
      `${name}:${id.toLowerCase()}`,
    ])
  }

  private async readNow<T>(
    kind: ReadKind<T>,
    key: string,
    fetch: () => Promise<T>,
    claimed: boolean,
  ): Promise<T> {
    let value: T
    try {
      value = await fetch()
    } catch (e) {
      if (claimed) {
        await this.bestEffort(
          `update ${RECENT_READS_TABLE} set claimed_until = null where key = ?`,
          [key],
        )
      }
      throw e
    }
    await this.remember(kind, key, value)
    return value
  }

  /**
   * Takes the right to read Platega for this key, unless a fresh final read is there or another
   * reader holds it (false). One statement, so two instances never both take it. Undefined: the
   * memory is unavailable, read without it.
   */
  private async tryClaim(key: string): Promise<boolean | undefined> {
    const t = RECENT_READS_TABLE
    const rows = await this.bestEffort(
      `insert into ${t} (id, key, claimed_until)
       values (?, ?, now() + make_interval(secs => ?))
       on conflict (key) where deleted_at is null
       do update set claimed_until = excluded.claimed_until, updated_at = now()
       where (${t}.claimed_until is null or ${t}.claimed_until < now())
         and not (${t}.final and ${t}.read_at > now() - make_interval(secs => ?))
       returning id`,
      [generateEntityId(undefined, "plrr"), key, IN_FLIGHT_WAIT_MS / 1000, FINAL_READ_TTL_SECONDS],
    )
    return rows === undefined ? undefined : rows.length > 0
  }

  private async row(key: string): Promise<Row | undefined> {
    const rows = await this.bestEffort(
      `select body,
              coalesce(final and read_at > now() - make_interval(secs => ?), false) as answers,
              coalesce(claimed_until > now(), false) as claimed
         from ${RECENT_READS_TABLE} where key = ? and deleted_at is null`,
      [FINAL_READ_TTL_SECONDS, key],
    )
    return rows?.[0] as Row | undefined
  }

  /** Keeps Platega's answer: a final one serves the next minute's readers. */
  private async remember<T>(kind: ReadKind<T>, key: string, value: T): Promise<void> {
    await this.bestEffort(
      `insert into ${RECENT_READS_TABLE} (id, key, status, final, body, read_at)
       values (?, ?, ?, ?, ?::jsonb, now())
       on conflict (key) where deleted_at is null
       do update set status = excluded.status, final = excluded.final, body = excluded.body,
                     read_at = now(), claimed_until = null, updated_at = now()`,
      [
        generateEntityId(undefined, "plrr"),
        key,
        kind.status(value),
        kind.final(value),
        JSON.stringify(value),
      ],
    )
    if (++this.remembered % PRUNE_EVERY === 0) {
      await this.bestEffort(
        `delete from ${RECENT_READS_TABLE}
          where updated_at < now() - make_interval(secs => ?)
            and (claimed_until is null or claimed_until < now())`,
        [KEEP_SECONDS],
      )
    }
  }

  /** The rows, or undefined when the database could not answer (then Platega is asked). */
  private async bestEffort(sql: string, bindings: unknown[]): Promise<unknown[] | undefined> {
    try {
      return (await this.pg!.raw(sql, bindings)).rows
    } catch (e) {
      // 42P01: the table does not exist yet (migrations not run).
      if ((e as { code?: string }).code !== "42P01") {
        this.logger?.warn(`Platega: the store's memory of its reads is unavailable: ${String(e)}`)
      }
      return undefined
    }
  }
}
