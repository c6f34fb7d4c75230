import type { ExportRow } from "../../../lib/platega"
import type { TransactionPlace } from "../../transactions/classify"
import { withStoreColumns } from "../store-columns"

const record = (i: number): ExportRow => ({
  recordId: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`.toUpperCase(),
  createdAt: "2026-11-01 12:00:00",
  amount: "100",
  currencyCode: "RUB",
  status: "CONFIRMED",
  paymentMethod: "SBPQR",
  description: "",
  payload: "",
})

async function* source(n: number): AsyncGenerator<ExportRow> {
  for (let i = 0; i < n; i++) yield record(i)
}

describe("the store's columns of an export", () => {
  it("classifies a thousand rows at a time, keeps their order, and matches ids in any case", async () => {
    const asked: number[] = []
    // The store made transaction 7 into order #1007; it knows no other.
    const classify = async (ids: string[]) => {
      asked.push(ids.length)
      const places = new Map<string, TransactionPlace>()
      const seven = record(7).recordId.toLowerCase()
      if (ids.some((id) => id.toLowerCase() === seven)) {
        places.set(seven, {
          kind: "checkout",
          session_id: "payses_7",
          payment_collection_id: null,
          cart_id: "cart_7",
          order_id: "order_7",
          order_display_id: 1007,
          subscription_id: null,
        })
      }
      return places
    }
    const out = []
    for await (const row of withStoreColumns(source(2_500), classify)) out.push(row)
    expect(asked).toEqual([1_000, 1_000, 500])
    expect(out.map((r) => r.recordId)).toEqual(
      Array.from({ length: 2_500 }, (_, i) => record(i).recordId),
    )
    expect(out[7]).toMatchObject({
      storeKind: "checkout",
      orderDisplayId: 1007,
      orderId: "order_7",
    })
    expect(out[8]).toMatchObject({ storeKind: "unknown", orderDisplayId: null, orderId: null })
  })

  it("a failing look-up fails the export rather than writing rows without their order", async () => {
    const failing = async () => {
      throw new Error("database gone")
    }
    const rows = withStoreColumns(source(3), failing)
    await expect(rows.next()).rejects.toThrow("database gone")
  })
})
