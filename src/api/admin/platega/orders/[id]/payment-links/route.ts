import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import {
  orderCollectionForLink,
  readOrderLinks,
} from "../../../../../../workflows/payment-links/order-links"
import { requestPaymentLink } from "../../../../../../workflows/payment-links/request-payment-link"
import type { AdminCreatePaymentLinkType } from "../../../payment-links/validators"

/**
 * GET /admin/platega/orders/:id/payment-links: what the order (or draft order) still needs, its
 * payment links and every Platega transaction it has.
 */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse): Promise<void> {
  res.json(await readOrderLinks(req.scope, req.params.id))
}

/**
 * POST /admin/platega/orders/:id/payment-links: a Platega payment link for exactly the order's
 * outstanding amount (the live one when there is one, unless `replace`).
 */
export async function POST(
  req: AuthenticatedMedusaRequest<AdminCreatePaymentLinkType>,
  res: MedusaResponse,
): Promise<void> {
  const body = req.validatedBody
  const orderId = req.params.id
  let collectionId = body.payment_collection_id
  if (collectionId) {
    const owned = await belongsToOrder(req, collectionId, orderId)
    if (!owned) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `payment_collection_id: ${collectionId} is not a payment collection of order ${orderId}`,
      )
    }
  } else {
    collectionId = await orderCollectionForLink(req.scope, orderId)
  }
  const { link, created } = await requestPaymentLink(req.scope, {
    payment_collection_id: collectionId,
    amount: body.amount,
    replace: body.replace,
    return_url: body.return_url,
    failed_url: body.failed_url,
    created_by: req.auth_context.actor_id,
  })
  res.status(created ? 201 : 200).json({ link, created })
}

async function belongsToOrder(
  req: AuthenticatedMedusaRequest,
  collectionId: string,
  orderId: string,
): Promise<boolean> {
  const { data } = await req.scope.resolve("query").graph({
    entity: "order_payment_collection",
    fields: ["order_id"],
    filters: { payment_collection_id: collectionId },
  })
  return data.some((d: { order_id?: string }) => d.order_id === orderId)
}
