import type { EntityManager } from "@medusajs/framework/mikro-orm/knex"
import { generateEntityId } from "@medusajs/framework/utils"

/** The runs of the plugin's scheduled jobs: one row per job and tick, across every instance. */

export interface JobTickClaim {
  job: string
  tick: Date
  /** `running` for a run that starts now; `skipped` (finished at once) with the reason in `detail`. */
  status: "running" | "skipped"
  detail?: string
  instance: string
}

/**
 * Claims a job's tick in one statement: the new row's id, or undefined when the tick already has
 * a row (another instance handled it) — atomic across instances.
 */
export async function claimJobTick(
  manager: EntityManager,
  input: JobTickClaim,
): Promise<string | undefined> {
  const now = new Date()
  const rows: { id: string }[] = await manager.execute(
    `insert into platega_job_run (id, job, tick, status, detail, instance, started_at, finished_at)
     values (?, ?, ?, ?, ?, ?, ?, ?)
     on conflict (job, tick) where deleted_at is null do nothing
     returning id`,
    [
      generateEntityId(undefined, "pljr"),
      input.job,
      input.tick,
      input.status,
      input.detail ?? null,
      input.instance,
      now,
      input.status === "skipped" ? now : null,
    ],
  )
  return rows[0]?.id
}
