import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { methodTitlesFromConfig } from "../../../../providers/platega/method-titles"

/**
 * GET /store/platega/methods: the store's Platega payment providers with their method code and
 * title, so a storefront can show each as its own choice (Medusa's own provider list carries ids
 * only). Which of them a cart may use is still Medusa's region setting
 * (GET /store/payment-providers?region_id=…).
 */
export async function GET(req: MedusaRequest, res: MedusaResponse): Promise<void> {
  const config = req.scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE)
  res.json({ methods: methodTitlesFromConfig(config) })
}
