import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PLATEGA_MODULE, type PlategaModuleService } from "../../../modules/platega"
import { expiresAt, fillUrl, toMedusaError, toPlategaAmount } from "../../../providers/platega"
import type { CheckedLinkRequest } from "./check-link-request"

export interface CreatedPlategaLink {
  transaction_id: string
  url: string
  status: string | null
  expires_at: string | null
}

/**
 * POST /v2/transaction/process: a link for exactly the outstanding amount, the payer picks the
 * method. Never retried (no idempotency key at Platega). Platega cannot cancel a pending
 * transaction (its "cancel" is a refund of a paid one), so nothing undoes it: an unrecorded link
 * expires unpaid, and if it is paid anyway its callback finds no record and is flagged.
 */
export const createPlategaLinkStep = createStep(
  "create-platega-payment-link",
  async (input: CheckedLinkRequest, { container }) => {
    const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
    const currency = input.currency_code.toUpperCase()
    const tokens = {
      store: "",
      // Only the return addresses are filled: the link's description is its own.
      order: "",
      plan: "",
      cart_id: input.order?.id ?? "",
      amount: input.outstanding,
      currency,
      session_id: input.payment_collection_id,
    }
    try {
      const created = await (
        await platega.getClient()
      ).createPaymentLink({
        paymentDetails: { amount: toPlategaAmount(input.outstanding, currency), currency },
        description: input.description,
        return: fillUrl(input.return_url, tokens),
        failedUrl: fillUrl(input.failed_url, tokens),
        payload: input.payment_collection_id,
        ...(input.order?.id ? { orderId: input.order.id } : {}),
      })
      return new StepResponse<CreatedPlategaLink>({
        transaction_id: created.transactionId,
        url: created.url,
        status: created.status ?? null,
        expires_at: expiresAt(created.expiresIn) ?? null,
      })
    } catch (e) {
      throw toMedusaError("creating the payment link", e)
    }
  },
)
