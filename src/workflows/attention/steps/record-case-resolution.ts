import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PLATEGA_MODULE, type PlategaModuleService } from "../../../modules/platega"
import type { CaseResolutionRecord } from "../flagged-case"

interface RecordResolutionInput {
  case_id: string
  transaction_id: string
  action: "refunded" | "resolved"
  note?: string | null
  actor_id?: string | null
  refund?: Record<string, unknown> | null
}

/** Keeps who settled a case, when, how and why (one per case: the unique key refuses a second). */
export const recordCaseResolutionStep = createStep(
  "record-platega-case-resolution",
  async (input: RecordResolutionInput, { container }) => {
    const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
    const created = await platega.createPlategaCaseResolutions({
      callback_event_id: input.case_id,
      transaction_id: input.transaction_id,
      action: input.action,
      note: input.note ?? null,
      actor_id: input.actor_id ?? null,
      refund: input.refund ?? null,
    })
    return new StepResponse(created as unknown as CaseResolutionRecord, created.id)
  },
  async (id, { container }) => {
    if (!id) return
    await container.resolve<PlategaModuleService>(PLATEGA_MODULE).deletePlategaCaseResolutions(id)
  },
)
