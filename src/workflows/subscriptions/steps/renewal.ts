import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { MedusaError } from "@medusajs/framework/utils"
import type { CreateOrderDTO } from "@medusajs/framework/types"
import { PLATEGA_MODULE, type PlategaModuleService } from "../../../modules/platega"
import { renewalOrderInput, type SubscriptionSnapshot } from "../snapshot"

interface LoadedRenewal {
  subscription_id: string
  platega_subscription_id: string
  status: string
  charge_platega_id: string
  /** What Platega charged, as a decimal string: the renewal's payment. */
  amount: string
  currency_code: string
  provider_id: string
  sales_channel_id: string | null
  variant_ids: string[]
  order_input: CreateOrderDTO
}

/** The subscription and charge a renewal is for; refused when the charge already has its order. */
export const loadRenewalStep = createStep(
  "load-platega-renewal",
  async (input: { subscription_id: string; charge_id: string }, { container }) => {
    const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
    const [sub] = await platega.listPlategaSubscriptions({ id: input.subscription_id }, { take: 1 })
    const [charge] = await platega.listPlategaSubscriptionCharges(
      { id: input.charge_id },
      { take: 1 },
    )
    if (!sub || !charge) {
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        `Renewal: subscription ${input.subscription_id} or charge ${input.charge_id} was not found`,
      )
    }
    if (charge.order_id) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Charge ${charge.platega_id} already paid order ${charge.order_id}`,
      )
    }
    const snapshot = sub.snapshot as unknown as SubscriptionSnapshot
    const amount = (charge.raw_amount as { value?: string } | null)?.value ?? String(charge.amount)
    return new StepResponse<LoadedRenewal>({
      subscription_id: sub.id,
      platega_subscription_id: sub.platega_id,
      status: sub.status,
      charge_platega_id: charge.platega_id,
      amount,
      currency_code: charge.currency_code,
      provider_id: snapshot.provider_id,
      sales_channel_id: snapshot.sales_channel_id,
      variant_ids: [...new Set(snapshot.items.map((i) => i.variant_id))],
      order_input: renewalOrderInput(snapshot, {
        subscription_id: sub.id,
        platega_subscription_id: sub.platega_id,
        charge_id: charge.platega_id,
      }),
    })
  },
)

/**
 * The charge records its order: from now on no delivery or sync run makes another one.
 * Compensation: should a later step fail, the order is deleted by its own step's compensation, so
 * the charge forgets it and is built again by the next run.
 */
export const recordRenewalOrderStep = createStep(
  "record-platega-renewal-order",
  async (input: { charge_id: string; order_id: string }, { container }) => {
    const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
    await platega.updatePlategaSubscriptionCharges({
      id: input.charge_id,
      order_id: input.order_id,
      claimed_until: null,
      error: null,
    })
    return new StepResponse(input, input)
  },
  async (recorded, { container }) => {
    if (!recorded) return
    const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
    await platega.updatePlategaSubscriptionCharges({ id: recorded.charge_id, order_id: null })
  },
)
