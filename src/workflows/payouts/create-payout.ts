import { acquireLockStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import {
  createWorkflow,
  transform,
  when,
  WorkflowResponse,
  type WorkflowData,
} from "@medusajs/framework/workflows-sdk"
import type { AdminPayout } from "../../modules/platega"
import { checkPayoutAllowedStep } from "./steps/check-payout-allowed"
import { findPayoutByKeyStep } from "./steps/find-payout-by-key"
import { recordPayoutOutcomeStep } from "./steps/record-payout-outcome"
import { reservePayoutStep } from "./steps/reserve-payout"
import { sendPayoutStep } from "./steps/send-payout"
import {
  PAYOUT_LOCK_TTL_S,
  PAYOUT_LOCK_WAIT_S,
  payoutLockKey,
  type CreatePayoutInput,
} from "./types"

export interface CreatePayoutResult {
  payout: AdminPayout
  /** true: the key had been used before; its payout is answered and nothing was sent. */
  replayed: boolean
}

/**
 * A payout to a ruble card that cannot happen twice. Under the lock of its Idempotency-Key (a
 * duplicate arriving meanwhile waits, then finds the answer): find the payout of this key, or check
 * it (payout key, card, balance), write it as `pending`, send it with that key, record the answer.
 * Runs as a top-level workflow: Medusa skips acquireLockStep in a sub-workflow.
 */
export const createPlategaPayoutWorkflow = createWorkflow(
  "create-platega-payout",
  (input: WorkflowData<CreatePayoutInput>) => {
    const lockKey = transform({ input }, ({ input }) => payoutLockKey(input.idempotency_key))
    acquireLockStep({ key: lockKey, timeout: PAYOUT_LOCK_WAIT_S, ttl: PAYOUT_LOCK_TTL_S })

    const existing = findPayoutByKeyStep(input)

    const made = when("new-platega-payout", { existing }, ({ existing }) => !existing).then(() => {
      const checked = checkPayoutAllowedStep(input)
      const reserveInput = transform({ input, checked }, ({ input, checked }) => ({
        ...input,
        card_masked: checked.card_masked,
      }))
      const reserved = reservePayoutStep(reserveInput)
      const sendInput = transform({ input, reserved }, ({ input, reserved }) => ({
        payout: reserved.payout,
        send: reserved.created,
        card_number: input.card_number,
      }))
      const outcome = sendPayoutStep(sendInput)
      const recordInput = transform({ reserved, outcome }, ({ reserved, outcome }) => ({
        id: reserved.payout.id,
        outcome,
      }))
      const payout = recordPayoutOutcomeStep(recordInput)
      return transform({ reserved, payout }, ({ reserved, payout }) => ({
        payout,
        replayed: !reserved.created,
      }))
    })

    releaseLockStep({ key: lockKey })

    const result = transform({ existing, made }, ({ existing, made }): CreatePayoutResult => {
      if (made) return made
      return { payout: existing!, replayed: true }
    })
    return new WorkflowResponse(result)
  },
)
