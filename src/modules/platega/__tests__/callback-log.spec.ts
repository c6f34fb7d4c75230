import path from "node:path"
import { moduleIntegrationTestRunner } from "@medusajs/test-utils"
import { PLATEGA_MODULE } from ".."
import { parsePlategaModuleOptions } from "../plugin-options"
import type PlategaModuleService from "../service"

jest.setTimeout(60_000)

const input = {
  kind: "transaction" as const,
  platega_id: "0D4B7B2E-3C1F-4B8E-9A55-1F2E3D4C5B6A",
  status: "confirmed",
  body: { id: "0d4b7b2e-3c1f-4b8e-9a55-1f2e3d4c5b6a", status: "CONFIRMED" },
}

moduleIntegrationTestRunner<PlategaModuleService>({
  moduleName: PLATEGA_MODULE,
  resolve: path.join(__dirname, ".."),
  pathToMigrations: path.join(__dirname, "../migrations"),
  testSuite: ({ service }) => {
    it("records the first delivery and counts repeats under one key", async () => {
      const first = await service.recordCallback(input)
      const again = await service.recordCallback({
        ...input,
        platega_id: input.platega_id.toLowerCase(),
      })
      expect(first).toMatchObject({ created: true, outcome: "pending" })
      expect(again).toMatchObject({ created: false, id: first.id })
      const [row] = await service.listPlategaCallbackEvents({ id: first.id })
      expect(row).toMatchObject({
        event_key: "transaction:0d4b7b2e-3c1f-4b8e-9a55-1f2e3d4c5b6a:CONFIRMED",
        deliveries: 2,
      })
    })

    it("keeps one record for 25 concurrent deliveries of the same callback", async () => {
      const results = await Promise.all(
        Array.from({ length: 25 }, () => service.recordCallback(input)),
      )
      expect(results.filter((r) => r.created)).toHaveLength(1)
      expect(new Set(results.map((r) => r.id)).size).toBe(1)
      const rows = await service.listPlategaCallbackEvents({})
      expect(rows).toHaveLength(1)
      expect(rows[0].deliveries).toBe(25)
    })

    it("answers repeats of a final callback from memory and writes their count once", async () => {
      const paid = { ...input, platega_id: "7a1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d" }
      const first = await service.recordCallback(paid)
      await service.updatePlategaCallbackEvents({ id: first.id, outcome: "captured" })
      // The database says final: this process remembers it.
      expect(await service.recordCallback(paid)).toMatchObject({
        id: first.id,
        created: false,
        outcome: "captured",
      })
      // Proof that the repeats below never read the row: it says something else now.
      await service.updatePlategaCallbackEvents({ id: first.id, outcome: "pending" })
      const repeats = await Promise.all(
        Array.from({ length: 50 }, () => service.recordCallback(paid)),
      )
      expect(new Set(repeats.map((r) => `${r.id} ${r.created} ${r.outcome}`))).toEqual(
        new Set([`${first.id} false captured`]),
      )
      await service.flushCallbackDeliveries()
      const [row] = await service.listPlategaCallbackEvents({ id: first.id })
      expect(row.deliveries).toBe(52)
    })

    it("never remembers an open outcome", async () => {
      const open = { ...input, platega_id: "1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d" }
      const first = await service.recordCallback(open)
      await service.recordCallback(open)
      await service.updatePlategaCallbackEvents({ id: first.id, outcome: "unconfirmed" })
      expect((await service.recordCallback(open)).outcome).toBe("unconfirmed")
      await service.updatePlategaCallbackEvents({ id: first.id, outcome: "captured" })
      expect((await service.recordCallback(open)).outcome).toBe("captured")
      await service.flushCallbackDeliveries()
      const [row] = await service.listPlategaCallbackEvents({ id: first.id })
      expect(row.deliveries).toBe(4)
    })

    it("marks an outcome in one statement: the attempt counted, the outcome before returned", async () => {
      const first = await service.recordCallback({
        ...input,
        platega_id: "5b6a7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d",
      })
      const mark = {
        outcome: "flagged",
        detail: "Paid, but not accepted",
        session_id: "payses_1",
        order_id: null,
        processed_at: new Date("2026-01-02T03:04:05Z"),
      }
      expect(await service.markCallbackOutcome(first.id, mark)).toEqual({ previous: "pending" })
      expect(await service.markCallbackOutcome(first.id, { ...mark, outcome: "captured" })).toEqual(
        { previous: "flagged" },
      )
      const [row] = await service.listPlategaCallbackEvents({ id: first.id })
      expect(row).toMatchObject({
        outcome: "captured",
        detail: "Paid, but not accepted",
        session_id: "payses_1",
        order_id: null,
        attempts: 2,
      })
      expect(new Date(row.processed_at!).toISOString()).toBe("2026-01-02T03:04:05.000Z")
      expect(await service.markCallbackOutcome("plcb_missing", mark)).toBeUndefined()
    })

    it("records another status of the same transaction separately", async () => {
      await service.recordCallback(input)
      await service.recordCallback({ ...input, status: "CANCELED" })
      expect(await service.listPlategaCallbackEvents({})).toHaveLength(2)
    })

    it("fills the documented reconcile defaults and names a bad option", () => {
      expect(service.getOptions().reconcile).toMatchObject({ minAgeMinutes: 10, concurrency: 4 })
      expect(() => parsePlategaModuleOptions({ reconcile: { concurrency: 0 } })).toThrow(
        /`reconcile.concurrency`/,
      )
    })
  },
})
