import type { TransactionStatus } from "../../../lib/platega"
import { handedTransaction, withHandedReads } from "../access/handed-reads"

const tx = (id: string, status = "CONFIRMED") =>
  ({ id, status, paymentDetails: { amount: 100, currency: "RUB" } }) as TransactionStatus

describe("handed reads", () => {
  it("are seen only inside the work they were handed to, by id in any case", async () => {
    const id = "0D4B7B2E-3C1F-4B8E-9A55-1F2E3D4C5B6A"
    expect(handedTransaction(id)).toBeUndefined()
    const seen = await withHandedReads({ transactions: [tx(id)] }, async () => {
      await new Promise((r) => setTimeout(r, 5))
      return handedTransaction(id.toLowerCase())
    })
    expect(seen).toMatchObject({ id, status: "CONFIRMED" })
    expect(handedTransaction(id)).toBeUndefined()
  })

  it("keeps two events at the same moment apart, and an inner hand adds to the outer", async () => {
    const [a, b] = await Promise.all(
      ["a", "b"].map((id) =>
        withHandedReads({ transactions: [tx(id)] }, async () => {
          await new Promise((r) => setTimeout(r, 5))
          return [handedTransaction("a")?.id, handedTransaction("b")?.id]
        }),
      ),
    )
    expect(a).toEqual(["a", undefined])
    expect(b).toEqual([undefined, "b"])
    const both = await withHandedReads({ transactions: [tx("a")] }, () =>
      withHandedReads({ transactions: [tx("b")] }, async () => [
        handedTransaction("a")?.id,
        handedTransaction("b")?.id,
      ]),
    )
    expect(both).toEqual(["a", "b"])
  })

  it("end with the work: what it started and outlives it (an order's subscriber) reads afresh", async () => {
    let later: Promise<string | undefined> | undefined
    const during = await withHandedReads({ transactions: [tx("a")] }, async () => {
      // As an event bus starts a subscriber: inside the work's context, running after it.
      later = new Promise((r) => setTimeout(() => r(handedTransaction("a")?.id), 20))
      return handedTransaction("a")?.id
    })
    expect(during).toBe("a")
    expect(await later).toBeUndefined()
  })
})
