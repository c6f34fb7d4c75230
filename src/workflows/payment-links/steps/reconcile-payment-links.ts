import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { classifyTransactionStatus } from "../../../lib/platega"
import { PLATEGA_MODULE, type PlategaModuleService } from "../../../modules/platega"
import { errorMessage } from "../../error-message"
import { inBatches } from "../../steps/in-batches"
import type { ReconcileOptions } from "../../steps/reconcile-options"
import { settleTransaction } from "../../callbacks/settle-transaction"

interface PaymentLinksReport {
  linksChecked: number
  linksPaid: number
  failures: number
}

/**
 * Payment links whose money may still come (pending, or superseded but not cancelled by
 * Platega), older than `minAgeMinutes`: re-read and settled the way a callback would be.
 */
export const reconcilePaymentLinksStep = createStep(
  "reconcile-platega-payment-links",
  async (options: ReconcileOptions, { container }) => {
    const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
    const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
    const now = Date.now()
    const report: PaymentLinksReport = { linksChecked: 0, linksPaid: 0, failures: 0 }
    const links = await platega.listPlategaPaymentLinks(
      {
        payment_id: null,
        status: ["pending", "canceled"],
        created_at: {
          $lte: new Date(now - options.minAgeMinutes * 60_000),
          $gte: new Date(now - options.maxAgeHours * 3_600_000),
        },
      },
      { take: options.batchSize, order: { created_at: "ASC" } },
    )
    const open = links.filter(
      (l) =>
        (l.status === "pending" || l.superseded_by) &&
        classifyTransactionStatus(l.platega_status ?? "") !== "canceled",
    )
    await inBatches(open, options.concurrency, async (link) => {
      report.linksChecked++
      try {
        const settled = await settleTransaction(container as MedusaContainer, link.transaction_id)
        if (settled.captured) report.linksPaid++
      } catch (e) {
        report.failures++
        logger.warn(`Platega reconciliation: link ${link.id}: ${errorMessage(e)}`)
      }
    })
    return new StepResponse(report)
  },
)
