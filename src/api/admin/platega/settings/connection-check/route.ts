import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { PLATEGA_MODULE, type PlategaModuleService } from "../../../../../modules/platega"
import { savePlategaConnectionTestWorkflow } from "../../../../../workflows/settings/save-platega-connection-test"
import type { AdminPlategaConnectionTestType } from "../../validators"

/**
 * Tries the saved settings, or the values in the body before they are saved: a merchant-header
 * read and, with a payout key, a signed read. Each call answers ok, wrong_credentials (with
 * Platega's code, message and traceId) or unreachable, with its time. Kept as the last test.
 */
export const POST = async (
  req: AuthenticatedMedusaRequest<AdminPlategaConnectionTestType>,
  res: MedusaResponse,
) => {
  const platega = req.scope.resolve<PlategaModuleService>(PLATEGA_MODULE)
  const test = await platega.testConnection(req.validatedBody)
  await savePlategaConnectionTestWorkflow(req.scope).run({ input: test })
  res.json({ test })
}
