import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PLATEGA_MODULE, type CallbackKind, type PlategaModuleService } from "../../modules/platega"

export interface LoadedCallback {
  id: string
  kind: CallbackKind
  platega_id: string
  status: string
  /** Subscription callbacks: the subscription the charge or status is about. */
  subscription_id?: string
  /** False when it came without merchant headers: only Platega's reads count. */
  authenticated: boolean
}

/** The recorded callback a run acts on; undefined when it is gone. */
export const loadPlategaCallbackStep = createStep(
  "load-platega-callback",
  async (input: { callback_id: string }, { container }) => {
    const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
    const [record] = await platega.listPlategaCallbackEvents(
      { id: input.callback_id },
      { take: 1, select: ["id", "kind", "platega_id", "status", "body", "authenticated"] },
    )
    if (!record) return new StepResponse<LoadedCallback | undefined>(undefined)
    const { body, ...rest } = record as LoadedCallback & { body?: Record<string, unknown> }
    const subscriptionId = body?.SubscriptionId
    return new StepResponse<LoadedCallback | undefined>({
      ...rest,
      ...(typeof subscriptionId === "string" ? { subscription_id: subscriptionId } : {}),
    })
  },
)
