import { byAttentionThenNewest, matches } from "../filter"
import { mergeEntries } from "../listing"
import type { AdminTransaction, TransactionEntry } from "../types"

const at = (iso: string) => new Date(iso)

describe("the transactions listing", () => {
  it("merges a transaction's entries: the owner's record first, the status of the newest read", () => {
    const session: TransactionEntry = {
      id: "tx1",
      source: "checkout",
      created_at: at("2026-11-01T10:00:00Z"),
      amount: "2990.5",
      currency_code: "RUB",
      method: "sbp",
      platega_status: "CONFIRMED",
      platega_status_at: at("2026-11-01T10:06:00Z"),
      session_id: "payses_1",
    }
    const callbacks: TransactionEntry[] = [
      {
        // Processed before the session's last read.
        id: "tx1",
        source: "callback",
        created_at: at("2026-11-01T10:05:00Z"),
        platega_status: "PENDING",
        platega_status_at: at("2026-11-01T10:05:01Z"),
        amount: "2990.50",
      },
      {
        // A late CANCELED claim whose read said CONFIRMED: the claim is not the status.
        id: "tx1",
        source: "callback",
        created_at: at("2026-11-02T08:00:00Z"),
        platega_status: "CONFIRMED",
        platega_status_at: at("2026-11-02T08:00:01Z"),
      },
      {
        // Never processed: no read, nothing to say about the status.
        id: "tx1",
        source: "callback",
        created_at: at("2026-11-02T09:00:00Z"),
        order_id: "order_1",
      },
      {
        id: "tx2",
        source: "callback",
        created_at: at("2026-11-03T09:00:00Z"),
        platega_status: "CHARGEBACKED",
        platega_status_at: at("2026-11-03T09:00:01Z"),
      },
    ]
    const merged = mergeEntries([[session], callbacks])
    expect(merged).toHaveLength(2)
    expect(merged[0]).toMatchObject({
      source: "checkout",
      amount: "2990.5",
      platega_status: "CONFIRMED",
      platega_status_at: at("2026-11-02T08:00:01Z"),
      order_id: "order_1",
      created_at: at("2026-11-01T10:00:00Z"),
    })
    expect(merged[1]).toMatchObject({
      id: "tx2",
      source: "callback",
      platega_status: "CHARGEBACKED",
    })
  })

  const row = (over: Partial<AdminTransaction>): AdminTransaction => ({
    id: "aaaa-1111",
    source: "checkout",
    created_at: "2026-11-01T10:00:00.000Z",
    platega_status: "CONFIRMED",
    platega_status_at: "2026-11-01T10:01:00.000Z",
    method: "card",
    order: { id: "order_1", display_id: 42 },
    email: "Shopper@Example.com",
    callbacks: [],
    cases: [],
    needs_attention: false,
    ...over,
  })

  it("finds a transaction by its id, its order number or its e-mail", () => {
    expect(matches(row({}), { q: "AAAA" })).toBe(true)
    expect(matches(row({}), { q: "42" })).toBe(true)
    expect(matches(row({}), { q: "#42" })).toBe(true)
    expect(matches(row({}), { q: "4" })).toBe(false)
    expect(matches(row({}), { q: "shopper@example" })).toBe(true)
    expect(matches(row({}), { q: "someone-else" })).toBe(false)
  })

  it("filters by status, method, outcome, attention and date", () => {
    const flagged = row({
      callbacks: [
        {
          id: "c",
          kind: "transaction",
          status: "CONFIRMED",
          read_status: "CONFIRMED",
          delivered: true,
          outcome: "flagged",
          detail: null,
          deliveries: 1,
          created_at: "",
          processed_at: null,
        },
      ],
      cases: [
        {
          id: "c",
          kind: "unmatched_payment",
          status: "CONFIRMED",
          detail: null,
          refundable: true,
          created_at: "",
          resolution: null,
        },
      ],
      needs_attention: true,
    })
    expect(matches(flagged, { status: ["CONFIRMED"], method: ["card"] })).toBe(true)
    expect(matches(flagged, { status: ["PENDING"] })).toBe(false)
    expect(matches(flagged, { method: ["sbp"] })).toBe(false)
    expect(matches(flagged, { outcome: ["flagged"] })).toBe(true)
    expect(matches(flagged, { outcome: ["captured"] })).toBe(false)
    expect(matches(flagged, { attention: "open" })).toBe(true)
    expect(matches(flagged, { attention: "resolved" })).toBe(false)
    expect(matches(row({}), { attention: "any" })).toBe(false)
    expect(matches(flagged, { created_at_from: "2026-11-02T00:00:00Z" })).toBe(false)
    expect(matches(flagged, { created_at_to: "2026-11-02T00:00:00Z" })).toBe(true)
  })

  it("puts what needs attention first, then the newest", () => {
    const rows = [
      row({ id: "old", created_at: "2026-10-01T00:00:00.000Z" }),
      row({ id: "new", created_at: "2026-11-05T00:00:00.000Z" }),
      row({ id: "case", created_at: "2026-09-01T00:00:00.000Z", needs_attention: true }),
    ]
    expect(rows.sort(byAttentionThenNewest).map((r) => r.id)).toEqual(["case", "new", "old"])
  })
})
