import type { MedusaContainer } from "@medusajs/framework/types"
import { settlePaymentLink } from "../payment-links/settle-payment-link"
import { linkOutcome } from "../payment-links/link-callback"
import { recordOutcome, type OutcomeRecord } from "./record-outcome"
import { handlePlategaTransaction } from "./handle-platega-transaction"

export type SettledTransaction = OutcomeRecord & {
  platega_status?: string | null
  /** A payment link's money became a captured Medusa payment just now. */
  captured?: boolean
}

/**
 * One transaction brought in by the store's own read, without a callback (re-check, the
 * reconciliation job): a payment link's through its link, any other through handlePlategaTransaction, so each reaches the decision its callback would. A case it finds is recorded once.
 */
export async function settleTransaction(
  container: MedusaContainer,
  transactionId: string,
): Promise<SettledTransaction> {
  const link = await settlePaymentLink(container, transactionId)
  if (link) {
    const record = linkOutcome(link)
    await recordOutcome(container, record)
    return { ...record, platega_status: link.platega_status, captured: link.action === "capture" }
  }
  const result = await handlePlategaTransaction(container, { transaction_id: transactionId })
  await recordOutcome(container, result)
  return result
}
