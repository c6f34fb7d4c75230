import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { sendPaymentLinkWorkflow } from "../../../../../../workflows/payment-links/send-payment-link"
import type { AdminSendPaymentLinkType } from "../../validators"

/**
 * POST /admin/platega/payment-links/:id/send: the live link to the customer's e-mail (or `email`)
 * through Medusa's Notification module, in `locale` (en, ru).
 */
export async function POST(
  req: AuthenticatedMedusaRequest<AdminSendPaymentLinkType>,
  res: MedusaResponse,
): Promise<void> {
  const { result } = await sendPaymentLinkWorkflow(req.scope).run({
    input: { link_id: req.params.id, ...req.validatedBody },
  })
  res.json({ link: result })
}
