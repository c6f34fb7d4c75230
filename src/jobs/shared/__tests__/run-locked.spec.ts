import path from "node:path"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { moduleIntegrationTestRunner } from "@medusajs/test-utils"
// The provider Medusa's locking module uses when no other is configured: one per process.
import { InMemoryLockingProvider } from "@medusajs/locking/dist/providers/in-memory"
import { PLATEGA_MODULE } from "../../../modules/platega"
import type PlategaModuleService from "../../../modules/platega/service"
import { runLocked } from "../run-locked"

jest.setTimeout(60_000)

const JOB = { name: "test-job", schedule: "*/10 * * * * *" }
const TICK = new Date("2026-03-01T12:00:10.000Z")
const NEXT_TICK = new Date("2026-03-01T12:00:20.000Z")
const logger = { debug: () => undefined, info: () => undefined, warn: () => undefined }

/** What the helper resolves from an instance's container: the module, its own lock, a logger. */
function instance(service: PlategaModuleService): MedusaContainer {
  const deps: Record<string, unknown> = {
    [PLATEGA_MODULE]: service,
    [Modules.LOCKING]: new InMemoryLockingProvider(),
    [ContainerRegistrationKeys.LOGGER]: logger,
  }
  return { resolve: (key: string) => deps[key] } as unknown as MedusaContainer
}

/** A promise the test settles: `open()` lets whatever awaits `opened` go on. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { opened, open }
}

moduleIntegrationTestRunner<PlategaModuleService>({
  moduleName: PLATEGA_MODULE,
  resolve: path.join(__dirname, "../../../modules/platega"),
  pathToMigrations: path.join(__dirname, "../../../modules/platega/migrations"),
  testSuite: ({ service }) => {
    const rows = () =>
      service.listPlategaJobRuns({ job: JOB.name }, { order: { tick: "ASC" }, take: 100 })

    it("runs a tick once when two instances fire it, each with only its own in-process lock", async () => {
      let calls = 0
      const done = gate()
      const work = async () => {
        calls++
        await done.opened
        return { sessionsChecked: 3 }
      }
      const runs = [
        runLocked(instance(service), JOB, work, { now: new Date(TICK.getTime() + 3) }),
        runLocked(instance(service), JOB, work, { now: new Date(TICK.getTime() + 40) }),
      ]
      // The instance that lost the tick answers while the other's work is still going.
      expect(await Promise.race(runs)).toMatchObject({ status: "skipped", reason: "duplicate" })
      done.open()
      const outcomes = await Promise.all(runs)
      expect(calls).toBe(1)
      expect(outcomes.map((o) => o.status).sort()).toEqual(["skipped", "succeeded"])
      expect(outcomes.find((o) => o.status === "skipped")).toMatchObject({ reason: "duplicate" })
      const [row, ...more] = await rows()
      expect(more).toEqual([])
      expect(row).toMatchObject({
        tick: TICK,
        status: "succeeded",
        result: { sessionsChecked: 3 },
      })
      expect(row.finished_at!.getTime()).toBeGreaterThanOrEqual(row.started_at.getTime())
    })

    it("skips the next tick while an earlier run still holds the job, and records why", async () => {
      const shared = instance(service)
      let calls = 0
      const started = gate()
      const done = gate()
      const slow = runLocked(
        shared,
        JOB,
        async () => {
          calls++
          started.open()
          await done.opened
          return {}
        },
        { now: TICK },
      )
      await started.opened
      const next = await runLocked(
        shared,
        JOB,
        async () => {
          calls++
          return {}
        },
        { now: NEXT_TICK },
      )
      expect(next).toEqual({ status: "skipped", tick: NEXT_TICK, reason: "busy" })
      done.open()
      expect((await slow).status).toBe("succeeded")
      expect(calls).toBe(1)
      expect((await rows()).map((r) => [r.tick.toISOString(), r.status, r.detail])).toEqual([
        [TICK.toISOString(), "succeeded", null],
        [NEXT_TICK.toISOString(), "skipped", "an earlier run of this job was still going"],
      ])
    })

    it("records a failed run, rethrows, and runs the next tick again", async () => {
      const shared = instance(service)
      await expect(
        runLocked(
          shared,
          JOB,
          async () => {
            throw new Error("Platega answered 503")
          },
          { now: TICK },
        ),
      ).rejects.toThrow("Platega answered 503")
      const next = await runLocked(shared, JOB, async () => ({ ok: true }), { now: NEXT_TICK })
      expect(next.status).toBe("succeeded")
      expect((await rows()).map((r) => [r.status, r.detail])).toEqual([
        ["failed", "Platega answered 503"],
        ["succeeded", null],
      ])
    })
  },
})
