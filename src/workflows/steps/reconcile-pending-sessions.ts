import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules, PaymentSessionStatus } from "@medusajs/framework/utils"
import { classifyTransactionStatus } from "../../lib/platega"
import { handlePlategaTransaction } from "../callbacks/handle-platega-transaction"
import { recordOutcome } from "../callbacks/record-outcome"
import { errorMessage } from "../error-message"
import { inBatches } from "./in-batches"
import { pendingSessions } from "./pending-sessions"
import type { ReconcileOptions } from "./reconcile-options"

interface PendingSessionsReport {
  sessionsChecked: number
  /** Sessions whose Platega transaction was cancelled (expired or declined), now marked so. */
  sessionsCanceled: number
  failures: number
}

/**
 * Platega payment sessions still pending after `minAgeMinutes`, re-read and settled as a callback
 * settles them (handlePlategaTransaction: the cart's settlement turn and its lock).
 */
export const reconcilePendingSessionsStep = createStep(
  "reconcile-platega-pending-sessions",
  async (options: ReconcileOptions, { container }) => {
    const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
    const payments = container.resolve(Modules.PAYMENT)
    const report: PendingSessionsReport = { sessionsChecked: 0, sessionsCanceled: 0, failures: 0 }
    const sessions = await pendingSessions(container, {
      providerPrefix: "pp_platega-",
      minAgeMinutes: options.minAgeMinutes,
      maxAgeHours: options.maxAgeHours,
      batchSize: options.batchSize,
    })
    const withTransaction = sessions.filter((s) => {
      const id = (s.data as { transaction_id?: unknown } | null)?.transaction_id
      return typeof id === "string" && id.length > 0
    })
    await inBatches(withTransaction, options.concurrency, async (session) => {
      report.sessionsChecked++
      const transaction_id = (session.data as { transaction_id: string }).transaction_id
      try {
        const result = await handlePlategaTransaction(container as MedusaContainer, {
          transaction_id,
        })
        await recordOutcome(container, result)
        if (classifyTransactionStatus(result.platega_status ?? "") === "canceled") {
          // Never payable again: out of the pending pool, so later runs reach newer sessions.
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
    return new StepResponse(report)
  },
)
