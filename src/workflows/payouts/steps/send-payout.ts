import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { isPlategaError, redact, type PlategaError } from "../../../lib/platega"
import type { AdminPayout, PayoutStatus } from "../../../modules/platega"
import { payoutClient } from "../payout-client"

interface SendPayoutInput {
  payout: Pick<AdminPayout, "id" | "idempotency_key" | "amount" | "card_id">
  /** false: the record was already there (a duplicate): nothing is sent. */
  send: boolean
  /** Digits of a typed card; never part of a step's output. */
  card_number?: string
}

export interface PayoutOutcome {
  status: Exclude<PayoutStatus, "pending">
  withdrawal_record_id?: string
  platega_status?: string
  amount_usdt_debited?: number | null
  error_code?: string | null
  error_message?: string
  error_trace_id?: string | null
}

/**
 * POST /api/v1/payouts/card-rub with the payout's own Idempotency-Key. The client retries
 * timeouts, lost answers and 5xx with the same key and the same bytes; Platega answers a key it
 * has seen with the payout it made. Whatever happens, the outcome is returned, not thrown, so the
 * next step records it.
 *
 * No compensation: money paid out cannot be called back through the API. Nothing after this step
 * can undo it either; a failure to record the outcome leaves the record `unknown` (see
 * reservePayoutStep) for a re-check.
 */
export const sendPayoutStep = createStep(
  "send-platega-payout",
  async (input: SendPayoutInput, { container }) => {
    if (!input.send) return new StepResponse<PayoutOutcome | null>(null)
    const { payout } = input
    try {
      const { client } = await payoutClient(container)
      const result = await client.createCardPayout({
        idempotencyKey: payout.idempotency_key,
        amountRub: payout.amount,
        ...(payout.card_id ? { cardId: payout.card_id } : { cardNumber: input.card_number }),
      })
      return new StepResponse<PayoutOutcome | null>({
        status: "created",
        withdrawal_record_id: result.withdrawalRecordId,
        platega_status: result.status,
        amount_usdt_debited: result.amountUsdtDebited ?? null,
      })
    } catch (e) {
      return new StepResponse<PayoutOutcome | null>(outcomeOfError(e))
    }
  },
)

/**
 * A refusal Platega answered (4xx) or a request stopped before it was sent is `failed`: no money
 * moved. Anything else (timeouts, lost answers, 5xx after every retry, an answer we cannot read,
 * 408/409/429) leaves the payout `unknown`.
 */
function outcomeOfError(e: unknown): PayoutOutcome {
  if (!isPlategaError(e)) {
    // redact() masks anything shaped like a card number, whatever produced the message.
    const message = redact(e instanceof Error ? e.message : String(e))
    return { status: "unknown", error_message: `Unexpected error while paying out: ${message}` }
  }
  return {
    status: isKnownRefusal(e) ? "failed" : "unknown",
    error_code: e.code ?? null,
    error_message: redact(e.message),
    error_trace_id: e.traceId ?? null,
  }
}

function isKnownRefusal(e: PlategaError): boolean {
  if (e.kind === "invalid_request" || e.kind === "config") return true
  const s = e.httpStatus
  return e.kind === "http" && s !== undefined && s >= 400 && s < 500 && ![408, 409, 429].includes(s)
}
