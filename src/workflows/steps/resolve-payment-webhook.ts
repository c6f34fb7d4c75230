import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { Modules } from "@medusajs/framework/utils"
import type { WebhookActionResult } from "@medusajs/framework/types"
import { credentialsResolver } from "../../providers/platega/core/credentials"
import type { ConfirmedTransaction } from "./confirm-platega-transaction"

/**
 * Medusa's payment webhook pipeline, first half: the provider's getWebhookActionAndData turns the
 * (re-read) transaction into an action for the session. The credentials it verifies are supplied
 * here in memory only: the route already verified the real callback's headers.
 */
export const resolvePaymentWebhookStep = createStep(
  "resolve-platega-payment-webhook",
  async (input: Required<ConfirmedTransaction>, { container }) => {
    const credentials = await credentialsResolver.current()
    const body = {
      id: input.tx.id,
      amount: input.tx.amount,
      currency: input.tx.currency,
      status: input.tx.status,
      payload: input.tx.payload,
    }
    const result: WebhookActionResult = await container
      .resolve(Modules.PAYMENT)
      .getWebhookActionAndData({
        provider: input.session.provider_id,
        payload: {
          data: body,
          rawData: Buffer.from(JSON.stringify(body)),
          headers: { "x-merchantid": credentials.merchantId, "x-secret": credentials.secret },
        },
      })
    return new StepResponse(result)
  },
)
