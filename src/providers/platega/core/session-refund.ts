import { MedusaError } from "@medusajs/framework/utils"
import type { RefundPaymentInput, RefundPaymentOutput } from "@medusajs/framework/types"
import { classifyTransactionStatus, type PlategaClient } from "../../../lib/platega"
import type { PlategaAccess } from "../../../modules/platega"
import { bothLanguages } from "./admin-message"
import { toMedusaError } from "./errors"
import { sameAmount, toDecimalString } from "../../../lib/platega/money"
import { cancelAtPlatega, refundAtPlatega } from "./refund"
import { readSessionData, withPlategaStatus } from "./session-data"

/** What giving money back needs: the client, and the access that records a refund once. */
export interface MoneyBackDeps {
  access: PlategaAccess
  client(): Promise<PlategaClient>
}

/** Cancels a transaction nobody paid; a paid one is refused (it is refunded instead). */
export async function cancelPendingTransaction(deps: MoneyBackDeps, id: string): Promise<string> {
  const client = await deps.client()
  const tx = await client.getTransaction(id)
  const outcome = classifyTransactionStatus(tx.status)
  if (outcome === "canceled" || outcome === "reversed") return tx.status
  if (outcome === "confirmed") {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Platega: transaction ${id} is already paid (CONFIRMED); refund it instead of cancelling`,
    )
  }
  await cancelAtPlatega(client, id, "cancel")
  return (await client.getTransaction(id)).status
}

/**
 * Platega refunds only the whole amount ("cancel a transaction"). A partial refund, a refund the
 * service refuses, or one left for manual control is an error: Medusa then records no refund. A
 * transaction is refunded once, whatever is retried (the claim's refund mark).
 */
export async function refundSessionPayment(
  deps: MoneyBackDeps,
  input: RefundPaymentInput,
): Promise<RefundPaymentOutput> {
  const data = readSessionData(input.data)
  const id = data.transaction_id
  if (!id || data.amount === undefined || data.currency === undefined) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      "Platega: this payment has no transaction to refund",
    )
  }
  if (!sameAmount(input.amount, data.amount, data.currency)) {
    const asked = `${toDecimalString(input.amount, data.currency)} ${data.currency}`
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      bothLanguages({
        ru: `Platega возвращает только весь платёж (${data.amount} ${data.currency}): частичный возврат ${asked} невозможен. Верните всю сумму или договоритесь с покупателем иначе`,
        en: `Platega refunds only the whole payment (${data.amount} ${data.currency}); a partial refund of ${asked} is not possible. Refund the whole amount, or settle the difference with the customer another way`,
      }),
    )
  }
  const sessionId = data.session_id ?? ""
  if (!(await deps.access.claims.startRefund("transaction", id, sessionId))) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      bothLanguages({
        ru: `Platega: возврат транзакции ${id} уже выполнен или выполняется; повторно деньги не возвращаются`,
        en: `Platega: transaction ${id} has already been refunded (or its refund is under way); it is not refunded twice`,
      }),
    )
  }
  try {
    const refund = await refundAtPlatega(await deps.client(), id)
    if (refund.already_returned) {
      // Already returned (a previous attempt, or from the dashboard): record it, do not repeat.
      return { data: withPlategaStatus(data, refund.platega_status) }
    }
    return {
      data: {
        ...withPlategaStatus(data, refund.platega_status),
        refund: { accepted: true, message: refund.message, at: new Date().toISOString() },
      },
    }
  } catch (e) {
    // Platega returned nothing: the payment may be refunded again.
    await deps.access.claims.abortRefund("transaction", id)
    throw toMedusaError("refunding the payment", e)
  }
}
