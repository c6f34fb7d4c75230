import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  PLATEGA_MODULE,
  type PaymentLinkRecord,
  type PlategaModuleService,
} from "../../../modules/platega"
import type { CheckedLinkRequest } from "./check-link-request"
import type { CreatedPlategaLink } from "./create-platega-link"

interface RecordPaymentLinkInput {
  request: CheckedLinkRequest
  created: CreatedPlategaLink
  created_by?: string
}

type Undo = { id: string; superseded: string[] }

/**
 * The link's record, and the collection's earlier live links marked superseded by it. Platega
 * cannot cancel a pending transaction, so an old link stays payable until it expires: if it is
 * paid anyway, settlement records the money and flags it for the merchant.
 */
export const recordPaymentLinkStep = createStep(
  "record-platega-payment-link",
  async (input: RecordPaymentLinkInput, { container }) => {
    const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
    const older = await platega.listPlategaPaymentLinks({
      payment_collection_id: input.request.payment_collection_id,
      status: "pending",
      superseded_by: null,
    })
    const link = await platega.createPlategaPaymentLinks({
      payment_collection_id: input.request.payment_collection_id,
      order_id: input.request.order?.id ?? null,
      transaction_id: input.created.transaction_id,
      url: input.created.url,
      return_url: input.request.return_url,
      failed_url: input.request.failed_url,
      // A decimal string keeps kopecks exact; Medusa's BigNumber takes it as is.
      amount: input.request.outstanding as unknown as number,
      currency_code: input.request.currency_code,
      status: "pending",
      platega_status: input.created.status,
      expires_at: input.created.expires_at ? new Date(input.created.expires_at) : null,
      created_by: input.created_by ?? null,
    })
    if (older.length) {
      await platega.updatePlategaPaymentLinks(
        older.map((o) => ({ id: o.id, superseded_by: link.id, status: "canceled" as const })),
      )
    }
    return new StepResponse(
      {
        link: link as unknown as PaymentLinkRecord,
        superseded: older.map((o) => o.transaction_id),
      },
      { id: link.id, superseded: older.map((o) => o.id) } satisfies Undo,
    )
  },
  async (undo, { container }) => {
    if (!undo) return
    const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
    if (undo.superseded.length) {
      await platega.updatePlategaPaymentLinks(
        undo.superseded.map((id) => ({ id, superseded_by: null, status: "pending" as const })),
      )
    }
    await platega.deletePlategaPaymentLinks(undo.id)
  },
)
