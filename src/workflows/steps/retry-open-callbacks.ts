import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { OPEN_OUTCOMES, PLATEGA_MODULE, type PlategaModuleService } from "../../modules/platega"
import { runPlategaCallback } from "../callbacks/process-platega-callback"
import { inBatches } from "./in-batches"
import type { ReconcileOptions } from "./reconcile-options"

/**
 * Callbacks whose processing failed or is still open, retried up to `maxAttempts` times each. A
 * retry of one that came without the merchant headers costs Platega reads like its first run, so
 * it draws on the same budget (units/unauthenticated-budget.ts): past it, it waits for a later
 * run, and anyone's bodies never cost more reads than the budget.
 */
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
      if (!record.authenticated) {
        const named = (record.body as { SubscriptionId?: unknown } | null)?.SubscriptionId
        const budget = await platega.takeUnauthenticatedBudget({
          plategaId: record.platega_id,
          subscriptionId: typeof named === "string" ? named : undefined,
        })
        if (!budget.allowed) return
      }
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
