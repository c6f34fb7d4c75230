import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import {
  PLATEGA_MODULE,
  paymentLinkView,
  type PaymentLinkRecord,
  type PlategaModuleService,
} from "../../../../../modules/platega"
import { readPaymentLinkTarget } from "../../../../../workflows/payment-links/collection"

/**
 * GET /store/platega/payment-collections/:id: the collection's state and its newest Platega
 * payment link, for the storefront's page behind Medusa's "Copy payment link". No order id: anyone
 * with the collection's id may read this, and an order id would open the order to them.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  const target = await readPaymentLinkTarget(req.scope, req.params.id)
  if (!target) {
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Payment collection ${req.params.id} was not found`,
    )
  }
  const platega = req.scope.resolve<PlategaModuleService>(PLATEGA_MODULE)
  const [newest] = (await platega.listPlategaPaymentLinks(
    { payment_collection_id: target.payment_collection_id },
    { order: { created_at: "DESC" }, take: 1 },
  )) as unknown as PaymentLinkRecord[]
  // A paid link settles the collection: show it even when a later withdrawn one is newer.
  const [paid] = (await platega.listPlategaPaymentLinks(
    { payment_collection_id: target.payment_collection_id, status: "paid" },
    { order: { paid_at: "DESC" }, take: 1 },
  )) as unknown as PaymentLinkRecord[]
  const shown = paid ?? newest
  const view = shown ? paymentLinkView(shown) : null
  res.json({
    payment_collection: {
      id: target.payment_collection_id,
      status: target.status,
      currency_code: target.currency_code,
      amount: target.amount,
      outstanding_amount: target.outstanding,
      link: view
        ? {
            url: view.url,
            status: view.status,
            amount: view.amount,
            expires_at: view.expires_at,
            transaction_id: view.transaction_id,
          }
        : null,
    },
  })
}
