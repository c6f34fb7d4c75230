import { MathBN, MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { maskCardNumber } from "../../../lib/platega/card-number"
import { toMedusaError } from "../../../providers/platega"
import { payoutClient } from "../payout-client"
import type { CreatePayoutInput } from "../types"

/**
 * Before anything is sent: a payout key is configured; a saved card exists and is ACTIVE; the
 * amount is not above the RUB balance Platega reports (GET /balance/all, whose `amount` is what is
 * available, frozen money apart). Platega adds its fee on top and refuses a payout the balance
 * cannot cover with it. Answers the card's mask for the record.
 */
export const checkPayoutAllowedStep = createStep(
  "check-platega-payout-allowed",
  async (input: Pick<CreatePayoutInput, "amount" | "card_id" | "card_number">, { container }) => {
    const { client } = await payoutClient(container)
    const [balances, cards] = await Promise.all([
      client.getBalances(),
      input.card_id ? client.listCards({ onlyActive: false }) : undefined,
    ]).catch((e: unknown) => {
      throw toMedusaError("checking a payout (nothing was sent)", e)
    })

    let cardMasked: string
    if (input.card_id) {
      const card = cards?.find((c) => c.cardId.toLowerCase() === input.card_id!.toLowerCase())
      if (!card) {
        throw new MedusaError(
          MedusaError.Types.INVALID_DATA,
          `Card ${input.card_id} is not among the saved cards at Platega. Nothing was sent.`,
        )
      }
      if (card.status !== "ACTIVE") {
        throw new MedusaError(
          MedusaError.Types.NOT_ALLOWED,
          `Card ${card.masked} is ${card.status}, not ACTIVE: Platega pays out only to active ` +
            "cards. Nothing was sent.",
        )
      }
      cardMasked = card.masked
    } else {
      cardMasked = maskCardNumber(input.card_number!)
    }

    const available = balances.find((b) => b.currency.toUpperCase() === "RUB")?.amount ?? 0
    if (MathBN.gt(input.amount, available)) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `The amount ${input.amount} RUB is above the available RUB balance (${available} RUB). ` +
          "Nothing was sent.",
      )
    }
    return new StepResponse({ available, card_masked: cardMasked })
  },
)
