import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PLATEGA_MODULE, type PlategaModuleService } from "../../../modules/platega"
import type { ExportFilters } from "../filters"
import { exportTexts } from "../notice"
import { notifyExportFailed } from "./notify-platega-export"

/**
 * How long an export may go without a sign of life before it counts as interrupted. A running
 * export touches its record every HEARTBEAT_MS (write-platega-export.ts), whatever instance runs
 * it, so a live one is never taken for a dead one.
 */
export const HEARTBEAT_MS = 30_000
const STALE_AFTER_MS = 4 * HEARTBEAT_MS

/**
 * Exports left queued or running by a store that stopped (a restart, a crash, a deploy): marked
 * failed with a clear reason in the asking admin's language, and the admin told in the bell. The
 * history then offers "Try again". No compensation: a failed mark is what the export is.
 */
export const failInterruptedPlategaExportsStep = createStep(
  "fail-interrupted-platega-exports",
  async (input: { now?: string }, { container }) => {
    const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
    const now = input.now ? new Date(input.now) : new Date()
    const stale = await platega.listPlategaExports(
      {
        status: ["queued", "running"],
        updated_at: { $lt: new Date(now.getTime() - STALE_AFTER_MS) },
      },
      { take: 100, order: { created_at: "ASC" } },
    )
    const failed: string[] = []
    for (const record of stale) {
      const filters = record.filters as unknown as ExportFilters
      const updated = await platega.updatePlategaExports({
        id: record.id,
        status: "failed",
        error: { code: "interrupted", message: exportTexts(filters).error("interrupted") },
        finished_at: now,
      })
      await notifyExportFailed(container, updated)
      failed.push(record.id)
    }
    return new StepResponse({ failed })
  },
)
