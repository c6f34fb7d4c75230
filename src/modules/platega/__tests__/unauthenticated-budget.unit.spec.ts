import { UnauthenticatedBudget } from "../units/unauthenticated-budget"

/**
 * The budget table as the upsert keeps it: key → (window, used), counted per statement; and the
 * subscriptions the store knows.
 */
function fakeTable(known: string[] = []) {
  const rows = new Map<string, { window: number; used: number }>()
  const execute = async <T>(sql: string, bindings: unknown[]): Promise<T[]> => {
    if (sql.includes("from platega_subscription")) {
      return known.includes(bindings[0] as string) ? [{ known: 1 } as T] : []
    }
    if (!sql.trim().startsWith("insert")) return []
    // One (id, key, window start) triple per key counted by the statement.
    const counted: T[] = []
    for (let i = 0; i < bindings.length; i += 3) {
      const [key, start] = [bindings[i + 1] as string, bindings[i + 2] as Date]
      const window = start.getTime()
      const row = rows.get(key)
      const used = row && row.window === window ? row.used + 1 : 1
      rows.set(key, { window, used })
      counted.push({ key, used } as T)
    }
    return counted
  }
  return { execute, rows }
}

describe("UnauthenticatedBudget", () => {
  const limits = {
    perMinute: 6,
    perIdPerMinute: 1,
    perClientPerMinute: 2,
    perKnownSubscriptionPerMinute: 2,
  }
  let now = 60_000 * 1000 + 5_000
  const budget = () =>
    new UnauthenticatedBudget(
      () => limits,
      () => now,
    )
  let id = 0
  const nextId = () => `id-${++id}`

  it("one address gets its share and no more; another still gets through", async () => {
    const { execute } = fakeTable()
    const b = budget()
    const attacker = []
    for (let i = 0; i < 10; i++)
      attacker.push(await b.take(execute, { plategaId: nextId(), client: "203.0.113.7" }))
    expect(attacker.filter((d) => d.allowed)).toHaveLength(2)
    expect(attacker.slice(2).every((d) => d.refusedBy === "client")).toBe(true)
    expect(await b.take(execute, { plategaId: nextId(), client: "198.51.100.20" })).toMatchObject({
      allowed: true,
    })
  })

  it("addresses together still stop at the store's budget", async () => {
    const { execute } = fakeTable()
    const b = budget()
    const answers = []
    for (let i = 0; i < 10; i++)
      answers.push(await b.take(execute, { plategaId: nextId(), client: `192.0.2.${i}` }))
    expect(answers.filter((d) => d.allowed)).toHaveLength(limits.perMinute)
    expect(answers.at(-1)).toMatchObject({ allowed: false, refusedBy: "store" })
  })

  it("a retry without a caller counts for its id and the store only", async () => {
    const { execute, rows } = fakeTable()
    const b = budget()
    expect(await b.take(execute, { plategaId: "retried" })).toMatchObject({ allowed: true })
    expect([...rows.keys()].sort()).toEqual(["all", "id:retried"])
    expect(await b.take(execute, { plategaId: "retried" })).toMatchObject({ refusedBy: "id" })
  })

  it("a new minute opens a new window", async () => {
    const { execute } = fakeTable()
    const b = budget()
    await b.take(execute, { plategaId: nextId(), client: "203.0.113.7" })
    await b.take(execute, { plategaId: nextId(), client: "203.0.113.7" })
    expect((await b.take(execute, { plategaId: nextId(), client: "203.0.113.7" })).allowed).toBe(
      false,
    )
    now += 60_000
    expect((await b.take(execute, { plategaId: nextId(), client: "203.0.113.7" })).allowed).toBe(
      true,
    )
  })

  it("a charge of a subscription the store knows has its own allowance, still limited per id and per subscription", async () => {
    const known = "6f1c2d3e-4b5a-4978-8d6c-5e4f3a2b1c0d"
    const other = "0b5c5e2a-7d8e-4c1f-9a3b-2f1d0e9c8b7a"
    const { execute, rows } = fakeTable([known])
    const b = budget()
    // Unknown callers from many addresses spend the store's budget.
    for (let i = 0; i < 10; i++) {
      await b.take(execute, { plategaId: nextId(), client: `192.0.2.${i}`, subscriptionId: other })
    }
    expect(
      await b.take(execute, { plategaId: nextId(), client: "198.51.100.1", subscriptionId: other }),
    ).toMatchObject({ allowed: false, refusedBy: "store" })
    // Platega's charge of a known subscription still gets through, from any address or none.
    const charge = nextId()
    expect(
      await b.take(execute, { plategaId: charge, client: "203.0.113.9", subscriptionId: known }),
    ).toEqual({ allowed: true, retryAfterSeconds: 0 })
    expect(rows.has(`subscription:${known}`)).toBe(true)
    // Still one read per id, and a few per subscription.
    expect(
      await b.take(execute, { plategaId: charge, subscriptionId: known.toUpperCase() }),
    ).toMatchObject({ allowed: false, refusedBy: "id" })
    expect(await b.take(execute, { plategaId: nextId(), subscriptionId: known })).toMatchObject({
      allowed: true,
    })
    expect(await b.take(execute, { plategaId: nextId(), subscriptionId: known })).toMatchObject({
      allowed: false,
      refusedBy: "subscription",
    })
  })
})
