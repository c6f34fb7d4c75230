import type { MedusaContainer } from "@medusajs/framework/types"
import type { OutcomeRecord } from "../callbacks/record-outcome"
import type { LinkSettlement } from "./steps/decide-link-settlement"
import { settlePaymentLink } from "./settle-payment-link"

/**
 * A transaction callback about one of the store's payment links: settled under the link's
 * collection lock (its own workflow, so the lock holds). Undefined for any other transaction.
 */
export async function settleLinkCallback(
  container: MedusaContainer,
  transactionId: string,
): Promise<OutcomeRecord | undefined> {
  const settled = await settlePaymentLink(container, transactionId)
  return settled ? linkOutcome(settled) : undefined
}

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
