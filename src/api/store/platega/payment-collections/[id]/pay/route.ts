import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { requestPaymentLink } from "../../../../../../workflows/payment-links/request-payment-link"
import type { StorePayPaymentCollectionType } from "../../../../../admin/platega/payment-links/validators"

/**
 * POST /store/platega/payment-collections/:id/pay: the live Platega payment link for exactly
 * what the collection still needs (reused while it lasts; a new one otherwise). 400 when nothing
 * is owed, the collection is a cart's, or the currency is not one Platega takes here.
 */
export async function POST(
  req: MedusaRequest<StorePayPaymentCollectionType>,
  res: MedusaResponse,
): Promise<void> {
  const { link } = await requestPaymentLink(req.scope, {
    payment_collection_id: req.params.id,
    ...req.validatedBody,
  })
  res.json({
    url: link.url,
    transaction_id: link.transaction_id,
    status: link.status,
    amount: link.amount,
    currency_code: link.currency_code,
    expires_at: link.expires_at,
  })
}
