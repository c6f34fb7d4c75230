import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { OPEN_OUTCOMES, PLATEGA_MODULE, type PlategaModuleService } from "../../modules/platega"
import { runPlategaCallback } from "../callbacks/run-platega-callback"
import { inBatches } from "./in-batches"
import type { ReconcileOptions } from "./reconcile-options"

/** Callbacks whose processing failed or is still open, retried up to `maxAttempts` times each. */
export const retryOpenCallbacksStep = createStep(
  "retry-open-platega-callbacks",
  async (options: ReconcileOptions, { container }) => {
    const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
    const open = await platega.listPlategaCallbackEvents(
      { outcome: [...OPEN_OUTCOMES], created_at: { $lte: new Date(Date.now() - 30_000) } },
      { take: options.batchSize, order: { created_at: "ASC" } },
    )
    const report = { callbacksRetried: 0, failures: 0 }
    const retriable = open.filter((r) => r.attempts < options.maxAttempts)
    await inBatches(retriable, options.concurrency, async (record) => {
      report.callbacksRetried++
      try {
        await runPlategaCallback(container, record.id)
      } catch {
        report.failures++
      }
    })
    return new StepResponse(report)
  },
)
