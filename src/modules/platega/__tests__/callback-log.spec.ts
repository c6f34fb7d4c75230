import path from "node:path"
import { moduleIntegrationTestRunner } from "@medusajs/test-utils"
import { PLATEGA_MODULE } from ".."
import { parsePlategaModuleOptions } from "../options"
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
