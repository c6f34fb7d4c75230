import type { MedusaContainer } from "@medusajs/framework/types"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { TransactionStatus } from "../../../lib/platega"
import {
  PLATEGA_MODULE,
  type PlategaModuleService,
  type RecordedCharge,
} from "../../../modules/platega"
import { toDecimalString } from "../../../providers/platega"

const platega = (c: Pick<MedusaContainer, "resolve">) =>
  c.resolve<PlategaModuleService>(PLATEGA_MODULE)

/**
 * The charge in the ledger, keyed by its transaction id (a repeat refreshes its status). No
 * compensation: the row is the fact that Platega charged, and a paid charge left without its order
 * is what the next delivery and the sync job look for.
 */
export const recordPlategaChargeStep = createStep(
  "record-platega-subscription-charge",
  async (
    input: { tx: TransactionStatus; subscription_id: string; source: "callback" | "sync" },
    { container },
  ) => {
    const { tx } = input
    return new StepResponse<RecordedCharge>(
      await platega(container).recordSubscriptionCharge({
        platega_id: tx.id,
        subscription_id: input.subscription_id,
        status: tx.status,
        amount: toDecimalString(tx.paymentDetails.amount, tx.paymentDetails.currency),
        currency_code: tx.paymentDetails.currency.toLowerCase(),
        charged_at: tx.createdAt ? new Date(tx.createdAt) : new Date(),
        source: input.source,
      }),
    )
  },
)

/**
 * The first successful charge known for a subscription pays the checkout's order; every later
 * one is a renewal. Platega charges the same amount every time, so should a renewal's callback
 * come in before the first one's (the first lost), the count of orders still comes out right.
 * Decided once per charge (a unique index keeps one `first` per subscription); no compensation:
 * the decision holds for the run that settles the charge next.
 */
export const classifyPlategaChargeStep = createStep(
  "classify-platega-subscription-charge",
  async (input: { charge: RecordedCharge; subscription_id: string }, { container }) => {
    if (input.charge.kind) return new StepResponse(input.charge.kind)
    const [first] = await platega(container).listPlategaSubscriptionCharges(
      { subscription_id: input.subscription_id, kind: "first" },
      { take: 1, select: ["id"] },
    )
    const kind = first ? "renewal" : "first"
    await platega(container).updatePlategaSubscriptionCharges({ id: input.charge.id, kind })
    return new StepResponse<"first" | "renewal">(kind)
  },
)
