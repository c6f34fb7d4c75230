import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import {
  isFinalOutcome,
  PLATEGA_CASE_FLAGGED,
  PLATEGA_MODULE,
  type CallbackOutcome,
  type PlategaModuleService,
} from "../../modules/platega"

export interface OutcomeRecord {
  outcome: CallbackOutcome
  detail: string
  session_id?: string
  order_id?: string
}

/** Writes what the plugin did with a callback into the callback log. */
export const markPlategaCallbackStep = createStep(
  "mark-platega-callback",
  async (input: OutcomeRecord & { callback_id?: string }, { container }) => {
    if (!input.callback_id) return new StepResponse({ marked: false })
    const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
    // One statement: the outcome written, the attempt counted, the one before returned.
    const marked = await platega.markCallbackOutcome(input.callback_id, {
      outcome: input.outcome,
      detail: input.detail,
      session_id: input.session_id ?? null,
      order_id: input.order_id ?? null,
      processed_at: isFinalOutcome(input.outcome) ? new Date() : null,
    })
    if (!marked) {
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        `Platega callback record ${input.callback_id} was not found`,
      )
    }
    if (input.outcome === "flagged" && marked.previous !== "flagged") {
      // A new case for a person: the admin is told (once per record, see the subscriber).
      await container
        .resolve(Modules.EVENT_BUS)
        .emit({ name: PLATEGA_CASE_FLAGGED, data: { id: input.callback_id } })
    }
    return new StepResponse({ marked: true })
  },
)
