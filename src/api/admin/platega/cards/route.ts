import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { toMedusaError } from "../../../../providers/platega"
import { payoutClient } from "../../../../workflows/payouts/payout-client"
import type { AdminGetPlategaCardsType } from "../payouts/validators"
import type { AdminPlategaCard } from "./types"

/** GET /admin/platega/cards?only_active=: the merchant's saved payout cards (signed read). */
export async function GET(
  req: AuthenticatedMedusaRequest<unknown, AdminGetPlategaCardsType>,
  res: MedusaResponse,
): Promise<void> {
  const { client } = await payoutClient(req.scope)
  try {
    const cards = await client.listCards({ onlyActive: req.validatedQuery.only_active })
    res.json({
      cards: cards.map((c): AdminPlategaCard => ({
        id: c.cardId,
        masked: c.masked,
        last4: c.last4,
        brand: c.brand ?? null,
        label: c.label ?? null,
        status: c.status,
      })),
    })
  } catch (e) {
    throw toMedusaError("reading the saved cards", e)
  }
}
