import os from "node:os"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, defineFileConfig, Modules } from "@medusajs/framework/utils"
import { parseExpression } from "cron-parser"
import { PLATEGA_MODULE, type PlategaModuleService } from "../../modules/platega"

// Not a job but the helper the plugin's jobs share: Medusa loads every file under src/jobs as a
// job unless told to skip it.
defineFileConfig({ path: __filename, isDisabled: () => true })

interface ScheduledJob {
  /** The job's `config.name`. */
  name: string
  /** The job's `config.schedule` (cron syntax, as Medusa reads it). */
  schedule: string
}

type JobRunOutcome<T> =
  | { status: "succeeded"; tick: Date; result: T }
  /** `duplicate`: another instance already handled this tick; `busy`: an earlier run still holds the job. */
  | { status: "skipped"; tick: Date; reason: "duplicate" | "busy" }

interface RunLockedOptions {
  /** How long to wait for an earlier run to finish before skipping this tick (seconds, ≥ 1). */
  lockTimeoutSeconds?: number
  /** The moment the run starts; a test fixes it to exercise one tick. */
  now?: Date
}

const INSTANCE = `${os.hostname()}:${process.pid}`

/**
 * Runs a scheduled job's work at most once per tick of its schedule, however many instances fire
 * that tick, and never while an earlier run of the same job is still going:
 * - Medusa's locking module (Redis in production) keeps runs of one job from overlapping; a tick
 *   that finds the job still running after `lockTimeoutSeconds` is skipped (recorded as such);
 * - a `platega_job_run` row per (job, tick), unique in the database, makes a tick that another
 *   instance already handled a no-op, even where the lock is only in-process (no Redis).
 * The work's own result is stored on the row; a failure is stored and rethrown.
 */
export async function runLocked<T>(
  container: MedusaContainer,
  job: ScheduledJob,
  work: () => Promise<T>,
  { lockTimeoutSeconds = 1, now = new Date() }: RunLockedOptions = {},
): Promise<JobRunOutcome<T>> {
  const locking = container.resolve(Modules.LOCKING)
  const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const tick = tickOf(job.schedule, now)
  let entered = false
  try {
    return await locking.execute(
      `platega:job:${job.name}`,
      async (): Promise<JobRunOutcome<T>> => {
        entered = true
        const runId = await platega.claimJobTick({
          job: job.name,
          tick,
          status: "running",
          instance: INSTANCE,
        })
        if (!runId) {
          logger.debug(`${job.name}: tick ${tick.toISOString()} already handled elsewhere`)
          return { status: "skipped", tick, reason: "duplicate" }
        }
        try {
          const result = await work()
          await platega.updatePlategaJobRuns({
            id: runId,
            status: "succeeded",
            result: (result ?? null) as Record<string, unknown> | null,
            finished_at: new Date(),
          })
          return { status: "succeeded", tick, result }
        } catch (e) {
          await platega.updatePlategaJobRuns({
            id: runId,
            status: "failed",
            detail: e instanceof Error ? e.message : String(e),
            finished_at: new Date(),
          })
          throw e
        }
      },
      { timeout: Math.max(1, lockTimeoutSeconds) },
    )
  } catch (e) {
    if (entered || !isLockTimeout(e)) throw e
    await platega.claimJobTick({
      job: job.name,
      tick,
      status: "skipped",
      detail: "an earlier run of this job was still going",
      instance: INSTANCE,
    })
    logger.info(`${job.name}: tick ${tick.toISOString()} skipped, an earlier run is still going`)
    return { status: "skipped", tick, reason: "busy" }
  }
}

/**
 * The tick of `schedule` a run started at `at` was fired for: the latest one at or before `at`.
 * Medusa fires a tick at its time or a little later (a busy worker), never much earlier; the small
 * allowance covers timers that fire a few milliseconds early.
 */
export function tickOf(schedule: string, at: Date): Date {
  const allowance = 250
  return parseExpression(schedule, { currentDate: new Date(at.getTime() + allowance + 1) })
    .prev()
    .toDate()
}

/** Both of Medusa's locking providers fail a wait that ran out with "Timed-out acquiring lock." */
function isLockTimeout(e: unknown): boolean {
  return e instanceof Error && /acquir(e|ing) lock/i.test(e.message)
}
