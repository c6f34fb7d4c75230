import type { MedusaContainer } from "@medusajs/framework/types"
import type { LinkSettlement } from "../payment-links/steps/decide-link-settlement"
import { settlePaymentLink } from "../payment-links/settle-payment-link"
import { recordOutcome, type OutcomeRecord } from "../steps/mark-platega-callback"
import { handlePlategaTransactionWorkflow } from "./handle-platega-transaction"

/** A payment link's settlement as the callback log records it. */
export function linkOutcome(s: LinkSettlement): OutcomeRecord {
  return {
    outcome: s.outcome,
    detail: s.detail,
    ...(s.outcome === "flagged"
      ? { case_kind: s.flag ? ("link_extra_payment" as const) : ("other" as const) }
      : {}),
    ...(s.order_id ? { order_id: s.order_id } : {}),
    ...(s.platega_status && s.amount && s.currency_code
      ? {
          read: {
            platega_id: s.transaction_id,
            status: s.platega_status,
            amount: s.amount,
            currency: s.currency_code,
          },
        }
      : {}),
  }
}

export type SettledTransaction = OutcomeRecord & {
  platega_status?: string | null
  /** A payment link's money became a captured Medusa payment just now. */
  captured?: boolean
}

/**
 * One transaction brought in by the store's own read, without a callback (re-check, the
 * reconciliation job): a payment link's through its link, any other through the transaction
 * workflow, so each reaches the decision its callback would. A case it finds is recorded once.
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
  const { result } = await handlePlategaTransactionWorkflow(container).run({
    input: { transaction_id: transactionId },
  })
  return result
}
