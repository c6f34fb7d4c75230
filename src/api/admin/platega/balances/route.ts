import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import {
  PLATEGA_MODULE,
  PlategaNotConfiguredError,
  type PlategaModuleService,
} from "../../../../modules/platega"
import { toMedusaError } from "../../../../providers/platega"

export interface AdminPlategaBalance {
  currency_code: string
  /** Available now. */
  amount: number
  /** Set aside (refunds waiting for Platega's manual control); not available. */
  frozen: number
}

/** GET /admin/platega/balances: Platega's balances (GET /balance/all), read through. */
export async function GET(req: AuthenticatedMedusaRequest, res: MedusaResponse): Promise<void> {
  const platega = req.scope.resolve<PlategaModuleService>(PLATEGA_MODULE)
  try {
    const client = await platega.getClient()
    const balances = await client.getBalances()
    res.json({
      balances: balances.map((b): AdminPlategaBalance => ({
        currency_code: b.currency.toLowerCase(),
        amount: b.amount,
        frozen: b.frozenBalance ?? 0,
      })),
    })
  } catch (e) {
    if (e instanceof PlategaNotConfiguredError) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, e.message)
    }
    throw toMedusaError("reading the balances", e)
  }
}
