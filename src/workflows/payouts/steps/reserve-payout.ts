import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { cardFingerprint } from "../../../lib/platega/card-fingerprint"
import {
  PLATEGA_MODULE,
  toAdminPayout,
  type PayoutRow,
  type PlategaModuleService,
} from "../../../modules/platega"
import { payoutClient } from "../payout-client"
import type { CreatePayoutInput } from "../types"

const INTERRUPTED_MESSAGE =
  "The payout was interrupted before Platega's answer was recorded. Re-check it: the same key " +
  "and request are sent again, and Platega answers a payout it already made without paying twice."

/**
 * Writes the payout with its Idempotency-Key, status `pending`, BEFORE Platega is called. The
 * unique key is the last line of defence against a duplicate that got past the lock (another
 * instance without a shared lock): it then finds the record and sends nothing.
 *
 * Compensation: a record still `pending` becomes `unknown`, because once this step has run the
 * call may have been made, so the record is never deleted.
 */
export const reservePayoutStep = createStep(
  "reserve-platega-payout",
  async (input: CreatePayoutInput & { card_masked: string }, { container }) => {
    const { platega, payoutKey } = await payoutClient(container)
    const typed = input.card_number
    try {
      const row = await platega.createPlategaPayouts({
        idempotency_key: input.idempotency_key,
        status: "pending",
        amount: input.amount,
        card_id: input.card_id ?? null,
        card_masked: input.card_masked,
        card_fingerprint: typed ? cardFingerprint(typed, payoutKey) : null,
        actor_id: input.actor.id,
        actor_email: input.actor.email,
      })
      const payout = toAdminPayout(row as PayoutRow)
      return new StepResponse({ payout, created: true }, { id: payout.id })
    } catch (e) {
      const [existing] = await platega.listPlategaPayouts(
        { idempotency_key: input.idempotency_key },
        { take: 1 },
      )
      if (!existing) throw e
      const payout = toAdminPayout(existing as PayoutRow)
      // Not ours to compensate: the record belongs to the request that wrote it.
      return new StepResponse({ payout, created: false }, { id: null })
    }
  },
  async (reserved: { id: string | null } | undefined, { container }) => {
    const id = reserved?.id
    if (!id) return
    const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
    const [row] = await platega.listPlategaPayouts({ id, status: "pending" }, { take: 1 })
    if (row) {
      await platega.updatePlategaPayouts({
        id,
        status: "unknown",
        error_code: null,
        error_message: INTERRUPTED_MESSAGE,
        error_trace_id: null,
      })
    }
  },
)
