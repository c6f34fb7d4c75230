import { model } from "@medusajs/framework/utils"

/**
 * One row per tick of a scheduled job, whichever instance handled it: the unique (job, tick) key is
 * what makes a tick run once when several instances fire it, and the rows tell the merchant what
 * ran, where, and with what result.
 */
export const PlategaJobRun = model
  .define("platega_job_run", {
    id: model.id({ prefix: "pljr" }).primaryKey(),
    /** The job's name in its config, e.g. `platega-reconcile`. */
    job: model.text(),
    /** The schedule's tick this run belongs to. */
    tick: model.dateTime(),
    /** running → succeeded | failed; skipped when an earlier run still held the job's lock. */
    status: model.enum(["running", "succeeded", "failed", "skipped"]),
    /** Why it was skipped or how it failed. */
    detail: model.text().nullable(),
    /** What the run reported (counts, never secrets). */
    result: model.json().nullable(),
    /** host:pid of the instance that handled the tick. */
    instance: model.text(),
    started_at: model.dateTime(),
    finished_at: model.dateTime().nullable(),
  })
  .indexes([{ on: ["job", "tick"], unique: true }])
