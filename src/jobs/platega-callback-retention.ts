import type { MedusaContainer } from "@medusajs/framework/types"
import { PLATEGA_MODULE, type PlategaModuleService } from "../modules/platega"
import { runLocked } from "./shared/run-locked"

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * The callback log's retention: rows older than `callbackRetention.authenticatedDays` (callbacks
 * with the merchant headers) or `unauthenticatedDays` (without) are deleted, batch after batch so
 * that no statement holds many rows at once. Flagged callbacks (cases) are kept. The counts of
 * payment starts whose window has ended go too (a start counts them, but leaves them). Once per
 * tick across instances (runLocked).
 */
export default async function plategaCallbackRetentionJob(
  container: MedusaContainer,
): Promise<void> {
  await runLocked(container, config, async () => {
    const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
    const { authenticatedDays, unauthenticatedDays, batchSize } =
      platega.getOptions().callbackRetention
    const now = Date.now()
    const cutoffs = {
      authenticatedBefore: new Date(now - authenticatedDays * DAY_MS),
      unauthenticatedBefore: new Date(now - unauthenticatedDays * DAY_MS),
    }
    const startCounts = await platega.deleteEndedPaymentStarts()
    let deleted = 0
    for (;;) {
      const n = await platega.deleteExpiredCallbacks(cutoffs, batchSize)
      deleted += n
      if (n < batchSize) return { deleted, startCounts }
    }
  })
}

export const config = {
  name: "platega-callback-retention",
  // A job's schedule is fixed when Medusa loads it, so it is read from the environment.
  schedule: process.env.PLATEGA_CALLBACK_RETENTION_SCHEDULE || "17 3 * * *",
}
