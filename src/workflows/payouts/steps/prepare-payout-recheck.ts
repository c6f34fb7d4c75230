import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  PLATEGA_MODULE,
  RECHECKABLE_STATUSES,
  toAdminPayout,
  typedCardMatches,
  type AdminPayout,
  type PayoutRow,
  type PlategaModuleService,
} from "../../../modules/platega"
import { payoutClient } from "../payout-client"

/** The payout to re-check (404 when there is none), read before its lock is taken. */
export const loadPayoutStep = createStep(
  "load-platega-payout",
  async (input: { id: string }, { container }) => {
    const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
    const [row] = await platega.listPlategaPayouts({ id: input.id }, { take: 1 })
    if (!row) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `Payout ${input.id} was not found`)
    }
    return new StepResponse(toAdminPayout(row as PayoutRow))
  },
)

/**
 * Under the payout's lock: whether it still needs a re-check (`pending` left by a dead process, or
 * `unknown`). A payout to a typed card can only be sent again with the same number, which is not
 * stored: the admin types it again, and it must match the payout's mask and fingerprint.
 */
export const preparePayoutRecheckStep = createStep(
  "prepare-platega-payout-recheck",
  async (input: { id: string; card_number?: string }, { container }) => {
    const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
    const row = (await platega.retrievePlategaPayout(input.id)) as PayoutRow
    const payout = toAdminPayout(row)
    if (!RECHECKABLE_STATUSES.includes(row.status)) {
      return new StepResponse<{ payout: AdminPayout; send: boolean }>({ payout, send: false })
    }
    const { payoutKey } = await payoutClient(container)
    if (!row.card_id) {
      if (!input.card_number) {
        throw new MedusaError(
          MedusaError.Types.INVALID_DATA,
          `Payout ${row.id} went to a typed card (${row.card_masked}), whose number is not ` +
            "stored: type the same card number to re-check it. Nothing was sent.",
        )
      }
      if (!typedCardMatches(row, input.card_number, payoutKey)) {
        throw new MedusaError(
          MedusaError.Types.INVALID_DATA,
          `That card number is not the one payout ${row.id} was made to (${row.card_masked}). ` +
            "Nothing was sent.",
        )
      }
    }
    return new StepResponse<{ payout: AdminPayout; send: boolean }>({ payout, send: true })
  },
)
