import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { exportViews, findExport } from "../view"

export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const [view] = await exportViews(req.scope, [await findExport(req.scope, req.params.id)])
  res.json({ export: view })
}
