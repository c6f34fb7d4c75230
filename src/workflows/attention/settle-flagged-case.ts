import { acquireLockStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import {
  createWorkflow,
  transform,
  when,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { checkOpenCaseStep } from "./steps/check-open-case"
import { recordCaseResolutionStep } from "./steps/record-case-resolution"
import { refundAtPlategaStep } from "./steps/refund-at-platega"

export interface SettleFlaggedCaseInput {
  transaction_id: string
  /** The flagged callback log record. */
  case_id: string
  /** `refund`: the money back to the payer at Platega; `resolve`: settled by hand, with a note. */
  action: "refund" | "resolve"
  note?: string | null
  actor_id?: string | null
}

export const settleFlaggedCaseWorkflowId = "settle-platega-flagged-case"

const lockKey = (input: SettleFlaggedCaseInput) =>
  `platega-case:${input.transaction_id.toLowerCase()}`

/**
 * A person settles a flagged case: refunds it at Platega or marks it resolved with a note. Under
 * the transaction's lock, so two clicks (or two admins) refund once: the second finds the case
 * settled. Run on its own, not as a sub-workflow (Medusa skips the lock there).
 */
export const settleFlaggedCaseWorkflow = createWorkflow(
  settleFlaggedCaseWorkflowId,
  (input: SettleFlaggedCaseInput) => {
    const key = transform({ input }, ({ input }) => lockKey(input))
    acquireLockStep({ key, timeout: 30, ttl: 120 })
    checkOpenCaseStep(
      transform({ input }, ({ input }) => ({
        transaction_id: input.transaction_id,
        case_id: input.case_id,
        action: input.action,
      })),
    )
    const refund = when(
      "platega-case-refund",
      { input },
      ({ input }) => input.action === "refund",
    ).then(() =>
      refundAtPlategaStep(
        transform({ input }, ({ input }) => ({ transaction_id: input.transaction_id })),
      ),
    )
    const resolution = recordCaseResolutionStep(
      transform({ input, refund }, ({ input, refund }) => ({
        case_id: input.case_id,
        transaction_id: input.transaction_id,
        action: input.action === "refund" ? ("refunded" as const) : ("resolved" as const),
        note: input.note ?? null,
        actor_id: input.actor_id ?? null,
        refund: refund ? { ...refund } : null,
      })),
    )
    releaseLockStep({ key })
    return new WorkflowResponse(resolution)
  },
)
