import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import {
  classifyTransactionStatus,
  isPlategaError,
  paymentMethodCode,
  SUBSCRIPTION_METHOD_CODE,
  type TransactionStatus,
} from "../../lib/platega"
import { PLATEGA_MODULE, type PlategaModuleService } from "../../modules/platega"
import type { ConfirmedTransaction } from "../../providers/platega"

export type { ConfirmedTransaction }

/**
 * The status a callback claims is never trusted: read the transaction from Platega (the one read
 * of this callback), then find the Medusa payment session it was made for. A CONFIRMED claim may
 * be answered by the CONFIRMED read this store itself made a moment ago (the shopper's return
 * came first), never by the body; any other claim, and the reconciliation job, read afresh.
 */
export const confirmPlategaTransactionStep = createStep(
  "confirm-platega-transaction",
  async (input: { transaction_id: string; claimed_status?: string }, { container }) => {
    const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
    const reuse = classifyTransactionStatus(input.claimed_status ?? "") === "confirmed"
    let tx: TransactionStatus
    try {
      tx = await platega.access.readTransaction(input.transaction_id, { reuse })
    } catch (e) {
      if (isPlategaError(e) && e.httpStatus === 404)
        return new StepResponse<ConfirmedTransaction>({})
      throw e
    }
    const confirmed: ConfirmedTransaction = { tx }
    // Every charge of a subscription carries its checkout's session as payload: the charges are
    // settled by their charge callbacks and the subscription sync, never as that session's payment.
    const subscriptionCharge =
      paymentMethodCode(tx.paymentMethod ?? "") === SUBSCRIPTION_METHOD_CODE
    if (tx.payload?.startsWith("payses_") && !subscriptionCharge) {
      const query = container.resolve(ContainerRegistrationKeys.QUERY)
      const { data } = await query.graph({
        entity: "payment_session",
        fields: [
          "id",
          "provider_id",
          "status",
          "payment_collection_id",
          "amount",
          "currency_code",
          "data",
        ],
        filters: { id: tx.payload },
      })
      const { data: sessionData, ...session } = data[0] ?? {}
      const current = (sessionData as { transaction_id?: unknown } | null)?.transaction_id
      if (session.provider_id?.startsWith("pp_platega") && current === tx.id) {
        confirmed.session = session as ConfirmedTransaction["session"]
      } else {
        confirmed.left_session_id = tx.payload
      }
    }
    return new StepResponse(confirmed)
  },
)
