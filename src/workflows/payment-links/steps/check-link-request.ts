import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import {
  PLATEGA_MODULE,
  type EffectiveSettings,
  type PlategaModuleService,
} from "../../../modules/platega"
import { checkLinkRequest, readPaymentLinkTarget, type PaymentLinkTarget } from "../collection"

export interface LinkRequestInput {
  payment_collection_id: string
  /** The amount the caller means to ask for; refused unless it is the outstanding one. */
  amount?: string
  return_url?: string
  failed_url?: string
  created_by?: string
}

export interface CheckedLinkRequest extends PaymentLinkTarget {
  return_url: string
  failed_url: string
  description: string
}

/** Where a link's payer returns: the request's addresses, else those of the settings. */
export function linkReturnAddresses(
  input: Pick<LinkRequestInput, "return_url" | "failed_url">,
  settings: Pick<EffectiveSettings, "returnUrl" | "failedUrl">,
): { returnUrl?: string; failedUrl?: string } {
  const returnUrl = input.return_url ?? settings.returnUrl
  return { returnUrl, failedUrl: input.failed_url ?? settings.failedUrl ?? returnUrl }
}

/** Reads the collection and refuses a wrong request before anything exists at Platega. */
export const checkLinkRequestStep = createStep(
  "check-platega-link-request",
  async (input: LinkRequestInput, { container }) => {
    const target = await readPaymentLinkTarget(container, input.payment_collection_id)
    if (!target) {
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        `Payment collection ${input.payment_collection_id} was not found`,
      )
    }
    const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
    const settings = await platega.getEffectiveSettings()
    checkLinkRequest(target, settings.currencies, input.amount)
    const { returnUrl, failedUrl } = linkReturnAddresses(input, settings)
    if (!returnUrl || !failedUrl) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        "return_url: Platega needs a return address: pass return_url, or set the return URL under Settings → Platega",
      )
    }
    const [store] = await container
      .resolve(Modules.STORE)
      .listStores({}, { select: ["name"], take: 1 })
    const order = target.order!
    const what = `${order.is_draft_order ? "Draft order" : "Order"} #${order.display_id ?? order.id}`
    return new StepResponse<CheckedLinkRequest>({
      ...target,
      return_url: returnUrl,
      failed_url: failedUrl,
      description: store?.name ? `${store.name}: ${what}` : what,
    })
  },
)
