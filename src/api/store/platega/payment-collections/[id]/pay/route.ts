import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { requestPaymentLink } from "../../../../../../workflows/payment-links/request-payment-link"
import { takePaymentStart } from "../../../../payment-start-guard"
import { checkStorefrontReturnAddresses } from "../../../../return-addresses"
import type { StorePayPaymentCollectionType } from "../../../../../admin/platega/payment-links/validators"

/**
 * POST /store/platega/payment-collections/:id/pay: the live Platega payment link for exactly
 * what the collection still needs (reused while it lasts; a new one otherwise). 400 when nothing
 * is owed, the collection is a cart's, the currency is not one Platega takes here, or a return
 * address is not on the store's storefronts; 429 past the limit of payment starts (a live link
 * handed out again is not a start).
 */
export async function POST(
  req: MedusaRequest<StorePayPaymentCollectionType>,
  res: MedusaResponse,
): Promise<void> {
  // Return addresses stay on the store's storefronts: nothing is made at Platega otherwise.
  const addresses = await checkStorefrontReturnAddresses(req.scope, req.validatedBody)
  // Only a new link is a start: handing out the live one again costs Platega nothing.
  const requested = await requestPaymentLink(
    req.scope,
    { payment_collection_id: req.params.id, ...addresses },
    () => takePaymentStart(req, res, `collection:${req.params.id}`),
  )
  if (!requested) return
  const { link } = requested
  res.json({
    url: link.url,
    transaction_id: link.transaction_id,
    status: link.status,
    amount: link.amount,
    currency_code: link.currency_code,
    expires_at: link.expires_at,
  })
}
