import Redis from "ioredis"

/**
 * The Redis of a several-instance run: BENCH_REDIS_URL, else 127.0.0.1:6379. A URL without a
 * database number gets an empty one of that server (queues, locks and workflow state of another
 * store on the same Redis are left alone), emptied again at the end; one with a number is used
 * as it is and left as it is.
 */
export interface BenchRedis {
  url: string
  /** commands the Redis server has processed so far (all of its databases) */
  commands(): Promise<number>
  release(): Promise<void>
}

export async function benchRedis(): Promise<BenchRedis> {
  const given = process.env.BENCH_REDIS_URL || "redis://127.0.0.1:6379"
  const url = new URL(given)
  const client = new Redis(given, { maxRetriesPerRequest: 1, lazyConnect: true })
  try {
    await client.connect()
  } catch (e) {
    client.disconnect()
    throw new Error(`no Redis at ${url.host} (set BENCH_REDIS_URL): ${(e as Error).message}`)
  }
  const commands = async () => {
    const info = await client.info("stats")
    return Number(/total_commands_processed:(\d+)/.exec(info)?.[1] ?? NaN)
  }
  if (url.pathname.length > 1) {
    return { url: given, commands, release: async () => void client.disconnect() }
  }
  const used = new Set(
    [...(await client.info("keyspace")).matchAll(/^db(\d+):/gm)].map((m) => Number(m[1])),
  )
  const databases = Number(((await client.config("GET", "databases")) as string[])[1] ?? 16)
  const db = Array.from({ length: databases - 1 }, (_, i) => databases - 1 - i).find(
    (d) => !used.has(d),
  )
  if (db === undefined) {
    client.disconnect()
    throw new Error(`every database of the Redis at ${url.host} holds keys: set BENCH_REDIS_URL`)
  }
  url.pathname = `/${db}`
  return {
    url: url.toString(),
    commands,
    async release() {
      await client.select(db)
      await client.flushdb()
      client.disconnect()
    },
  }
}
