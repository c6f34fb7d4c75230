import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules, PaymentSessionStatus } from "@medusajs/framework/utils"
import { classifyTransactionStatus } from "../lib/platega"
import { PLATEGA_MODULE, type PlategaModuleService } from "../modules/platega"
import type { PlategaModuleOptions } from "../modules/platega/options"
import { handlePlategaTransactionWorkflow } from "./handle-platega-transaction"
import { errorMessage, processPlategaCallback } from "./process-platega-callback"

export interface ReconcileReport {
  callbacksRetried: number
  sessionsChecked: number
  /** Sessions whose Platega transaction was cancelled (expired or declined), now marked so. */
  sessionsCanceled: number
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
  const report: ReconcileReport = {
    callbacksRetried: 0,
    sessionsChecked: 0,
    sessionsCanceled: 0,
    failures: 0,
  }

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
        {
          take: options.batchSize,
          order: { created_at: "ASC" },
          select: ["id", "data", "amount", "currency_code"],
        },
      )
    : []
  const withTransaction = sessions.filter((s) => {
    const id = (s.data as { transaction_id?: unknown } | null)?.transaction_id
    return typeof id === "string" && id.length > 0
  })

  await inBatches(withTransaction, options.concurrency, async (session) => {
    report.sessionsChecked++
    const transaction_id = (session.data as { transaction_id: string }).transaction_id
    try {
      const { result } = await handlePlategaTransactionWorkflow(container).run({
        input: { transaction_id },
      })
      if (classifyTransactionStatus(result.platega_status ?? "") === "canceled") {
        // Never payable again: take it out of the pending pool, so later runs reach newer sessions.
        await payments.updatePaymentSession({
          id: session.id,
          data: { ...session.data, platega_status: result.platega_status },
          amount: session.amount,
          currency_code: session.currency_code,
          status: PaymentSessionStatus.CANCELED,
        })
        report.sessionsCanceled++
      }
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
      `Platega reconciliation: ${report.sessionsChecked} sessions re-read (${report.sessionsCanceled} cancelled), ${report.callbacksRetried} callbacks retried, ${report.failures} failures`,
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
