import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { PLATEGA_MODULE, type PlategaModuleService } from "../../../../../../modules/platega"
import { toMedusaError } from "../../../../../../providers/platega"
import { transactionIdParam } from "../../validators"

/**
 * GET /admin/platega/transactions/:id/cancel-supported: whether Platega allows refunding the
 * transaction now, and what it costs (read before the admin confirms a refund).
 */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse): Promise<void> {
  const id = transactionIdParam(req.params.id)
  const platega = req.scope.resolve<PlategaModuleService>(PLATEGA_MODULE)
  try {
    const check = await (await platega.getClient()).getCancelSupported(id)
    res.json({ cancel_supported: check })
  } catch (e) {
    throw toMedusaError("reading whether the payment can be refunded", e)
  }
}
