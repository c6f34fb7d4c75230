import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { PLATEGA_MODULE, type PlategaModuleService } from "../modules/platega"
import type { PlategaModuleOptions } from "../modules/platega/options"
import { handlePlategaTransactionWorkflow } from "./handle-platega-transaction"
import { errorMessage, processPlategaCallback } from "./process-platega-callback"

export interface ReconcileReport {
  callbacksRetried: number
  sessionsChecked: number
  failures: number
}

/**
 * Recovery of callbacks lost for good (Platega gives up after 3 retries): re-reads Platega payment
 * sessions still pending after `minAgeMinutes` and pushes them through the same pipeline as a
 * callback, then retries callbacks whose processing failed. Bounded by batch size and concurrency.
 */
export async function reconcilePlategaPayments(
  container: MedusaContainer,
  overrides: Partial<PlategaModuleOptions["reconcile"]> = {},
): Promise<ReconcileReport> {
  const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const options = { ...platega.getOptions().reconcile, ...overrides }
  const now = Date.now()
  const report: ReconcileReport = { callbacksRetried: 0, sessionsChecked: 0, failures: 0 }

  const payments = container.resolve(Modules.PAYMENT)
  const providers = (await payments.listPaymentProviders({}))
    .map((p) => p.id)
    .filter((id) => id.startsWith("pp_platega-"))
  const sessions = providers.length
    ? await payments.listPaymentSessions(
        {
          provider_id: providers,
          // Not in the typed filter, but a column the module filters on.
          ...({ status: ["pending"] } as object),
          created_at: {
            $lte: new Date(now - options.minAgeMinutes * 60_000).toISOString(),
            $gte: new Date(now - options.maxAgeHours * 3_600_000).toISOString(),
          },
        },
        { take: options.batchSize, order: { created_at: "ASC" }, select: ["id", "data"] },
      )
    : []
  const transactionIds = sessions
    .map((s) => (s.data as { transaction_id?: unknown } | null)?.transaction_id)
    .filter((id): id is string => typeof id === "string" && id.length > 0)

  await inBatches(transactionIds, options.concurrency, async (transaction_id) => {
    report.sessionsChecked++
    try {
      await handlePlategaTransactionWorkflow(container).run({ input: { transaction_id } })
    } catch (e) {
      report.failures++
      logger.warn(`Platega reconciliation: ${transaction_id}: ${errorMessage(e)}`)
    }
  })

  const stuck = await platega.listPlategaCallbackEvents(
    { outcome: ["pending", "failed"], created_at: { $lte: new Date(now - 30_000) } },
    { take: options.batchSize, order: { created_at: "ASC" } },
  )
  const retriable = stuck.filter((r) => r.attempts < options.maxAttempts)
  await inBatches(retriable, options.concurrency, async (record) => {
    report.callbacksRetried++
    try {
      await processPlategaCallback(container, record.id)
    } catch {
      report.failures++
    }
  })
  if (report.sessionsChecked || report.callbacksRetried) {
    logger.info(
      `Platega reconciliation: ${report.sessionsChecked} sessions re-read, ${report.callbacksRetried} callbacks retried, ${report.failures} failures`,
    )
  }
  return report
}

/** Runs `fn` over `items`, at most `concurrency` at a time. */
async function inBatches<T>(
  items: T[],
  concurrency: number,
  fn: (item: T) => Promise<void>,
): Promise<void> {
  for (let i = 0; i < items.length; i += concurrency) {
    await Promise.all(items.slice(i, i + concurrency).map(fn))
  }
}
