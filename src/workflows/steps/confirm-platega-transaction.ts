import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { isPlategaError } from "../../lib/platega"
import { plategaClient } from "../../providers/platega/core/client-factory"

export interface ConfirmedTransaction {
  /** What GET /transaction/{id} said; undefined when Platega does not know the id. */
  tx?: { id: string; status: string; amount: number; currency: string; payload: string | null }
  session?: { id: string; provider_id: string; status: string; payment_collection_id: string }
}

/**
 * The status a callback claims is never trusted: re-read the transaction from Platega, then find
 * the Medusa payment session it was made for (its `payload`).
 */
export const confirmPlategaTransactionStep = createStep(
  "confirm-platega-transaction",
  async (input: { transaction_id: string }, { container }) => {
    const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
    let tx
    try {
      tx = await (await plategaClient({ logger })).getTransaction(input.transaction_id)
    } catch (e) {
      if (isPlategaError(e) && e.httpStatus === 404)
        return new StepResponse<ConfirmedTransaction>({})
      throw e
    }
    const confirmed: ConfirmedTransaction = {
      tx: {
        id: tx.id,
        status: tx.status,
        amount: tx.paymentDetails.amount,
        currency: tx.paymentDetails.currency,
        payload: tx.payload ?? null,
      },
    }
    if (tx.payload?.startsWith("payses_")) {
      const query = container.resolve(ContainerRegistrationKeys.QUERY)
      const { data } = await query.graph({
        entity: "payment_session",
        fields: ["id", "provider_id", "status", "payment_collection_id"],
        filters: { id: tx.payload },
      })
      const session = data[0]
      if (session?.provider_id?.startsWith("pp_platega")) confirmed.session = session
    }
    return new StepResponse(confirmed)
  },
)
