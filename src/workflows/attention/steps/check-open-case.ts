import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { caseKind, isRefundable } from "../../../modules/platega"
import { openCaseOrThrow } from "../flagged-case"

interface CaseActionInput {
  transaction_id: string
  case_id: string
  /** `refund`: only a case whose money no order holds can be refunded here. */
  action: "refund" | "resolve"
}

/** The case as it is now, under the case's lock: still open, and (to refund) refundable. */
export const checkOpenCaseStep = createStep(
  "check-platega-open-case",
  async (input: CaseActionInput, { container }) => {
    const found = await openCaseOrThrow(container, input.transaction_id, input.case_id)
    if (input.action === "refund" && !isRefundable(found.event)) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        caseKind(found.event) === "chargeback"
          ? `Case ${input.case_id}: the money already went back to the payer; nothing to refund`
          : `Case ${input.case_id}: the money belongs to order ${found.order_id ?? "?"}; refund it from the order`,
      )
    }
    return new StepResponse({ transaction_id: found.event.platega_id, kind: caseKind(found.event) })
  },
)
