import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  PLATEGA_MODULE,
  payoutMatchesRequest,
  toAdminPayout,
  type AdminPayout,
  type PayoutRow,
  type PlategaModuleService,
} from "../../../modules/platega"
import { NO_PAYOUT_KEY_MESSAGE } from "../payout-client"
import type { CreatePayoutInput } from "../types"

/**
 * The payout already made for this Idempotency-Key, if any: a repeated request is answered with
 * it and sends nothing. The same key for a different amount or card is refused.
 */
export const findPayoutByKeyStep = createStep(
  "find-platega-payout-by-key",
  async (input: CreatePayoutInput, { container }) => {
    const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
    const [row] = await platega.listPlategaPayouts(
      { idempotency_key: input.idempotency_key },
      { take: 1 },
    )
    if (!row) return new StepResponse<AdminPayout | null>(null)
    const { payoutKey } = await platega.getEffectiveSettings()
    // A typed card is recognised by its fingerprint, keyed by the payout key.
    if (!row.card_id && !payoutKey) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, NO_PAYOUT_KEY_MESSAGE)
    }
    if (!payoutMatchesRequest(row as PayoutRow, input, payoutKey)) {
      throw new MedusaError(
        MedusaError.Types.DUPLICATE_ERROR,
        `Idempotency-Key ${input.idempotency_key} was already used for another payout ` +
          `(${toAdminPayout(row as PayoutRow).amount} RUB to ${row.card_masked}). ` +
          "Use a new key for a new payout. Nothing was sent.",
      )
    }
    return new StepResponse<AdminPayout | null>(toAdminPayout(row as PayoutRow))
  },
)
