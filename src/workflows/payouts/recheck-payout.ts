import { acquireLockStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import {
  createWorkflow,
  transform,
  WorkflowResponse,
  type WorkflowData,
} from "@medusajs/framework/workflows-sdk"
import type { AdminPayout } from "../../modules/platega"
import { loadPayoutStep, preparePayoutRecheckStep } from "./steps/prepare-payout-recheck"
import { recordPayoutOutcomeStep } from "./steps/record-payout-outcome"
import { sendPayoutStep } from "./steps/send-payout"
import { PAYOUT_LOCK_TTL_S, PAYOUT_LOCK_WAIT_S, payoutLockKey } from "./types"

export interface RecheckPayoutInput {
  id: string
  /** Digits of the typed card, for a payout made to one. */
  card_number?: string
}

export interface RecheckPayoutResult {
  payout: AdminPayout
  /** false: the payout no longer needed a re-check (its outcome is known); nothing was sent. */
  resent: boolean
}

/**
 * Resolves a payout whose outcome is unknown by sending it again with the SAME Idempotency-Key and
 * the same bytes: Platega answers a key it has already paid with that payout (no second payout),
 * and pays it now if the first request never arrived. Never a new key.
 */
export const recheckPlategaPayoutWorkflow = createWorkflow(
  "recheck-platega-payout",
  (input: WorkflowData<RecheckPayoutInput>) => {
    const loaded = loadPayoutStep(input)
    const lockKey = transform({ loaded }, ({ loaded }) => payoutLockKey(loaded.idempotency_key))
    acquireLockStep({ key: lockKey, timeout: PAYOUT_LOCK_WAIT_S, ttl: PAYOUT_LOCK_TTL_S })

    const prepared = preparePayoutRecheckStep(input)
    const sendInput = transform({ input, prepared }, ({ input, prepared }) => ({
      payout: prepared.payout,
      send: prepared.send,
      card_number: input.card_number,
    }))
    const outcome = sendPayoutStep(sendInput)
    const recordInput = transform({ input, outcome }, ({ input, outcome }) => ({
      id: input.id,
      outcome,
    }))
    const payout = recordPayoutOutcomeStep(recordInput)

    releaseLockStep({ key: lockKey })

    const result = transform({ payout, prepared }, ({ payout, prepared }): RecheckPayoutResult => ({
      payout,
      resent: prepared.send,
    }))
    return new WorkflowResponse(result)
  },
)
