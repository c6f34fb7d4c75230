import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ContainerRegistrationKeys, MathBN } from "@medusajs/framework/utils"
import type { BigNumberInput } from "@medusajs/framework/types"
import type { SessionOrder } from "../../providers/platega"

export type { SessionOrder }

/** The order a payment session ended in (through its payment collection), and what was refunded. */
export const findOrderForSessionStep = createStep(
  "find-order-for-platega-session",
  async (input: { session_id: string; payment_collection_id: string }, { container }) => {
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const [{ data: links }, { data: payments }] = await Promise.all([
      query.graph({
        entity: "order_payment_collection",
        fields: ["order_id"],
        filters: { payment_collection_id: input.payment_collection_id },
      }),
      query.graph({
        entity: "payment",
        fields: ["id", "amount", "refunds.amount"],
        filters: { payment_session_id: input.session_id },
      }),
    ])
    const payment = payments[0] as
      { amount: BigNumberInput; refunds?: ({ amount: BigNumberInput } | null)[] | null } | undefined
    // Decimal sums with MathBN: refund amounts are money.
    const refunded = MathBN.add(0, ...(payment?.refunds ?? []).map((r) => r?.amount ?? 0))
    return new StepResponse<SessionOrder>({
      order_id: links[0]?.order_id ?? undefined,
      refunded: refunded.toString(),
      ...(payment ? { paid: MathBN.convert(payment.amount).toString() } : {}),
    })
  },
)
