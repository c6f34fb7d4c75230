import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import {
  isFinalOutcome,
  PLATEGA_CASE_FLAGGED,
  PLATEGA_MODULE,
  type CallbackKind,
  type PlategaModuleService,
} from "../../modules/platega"
import type { PaymentOutcome } from "../../providers/platega"

// What the callback log records of a transaction, a payment link or a subscription event: the
// callback as loaded, and what the plugin did with it. Every path that settles something (the
// callback's processing, re-check, the reconciliation job) writes its outcome here.

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

export interface OutcomeRecord extends PaymentOutcome {
  /** What Platega answered the store's own read of the transaction, when it was read. */
  read?: { platega_id: string; status: string; amount: string; currency: string }
}

/**
 * Writes what the plugin did with a callback into the callback log. Without a callback (re-check,
 * the reconciliation job), a flagged outcome is still recorded, on the record a callback with that
 * status has: a case is one case, and its admin is told once, whichever path found it first.
 */
export async function recordOutcome(
  container: Pick<MedusaContainer, "resolve">,
  input: OutcomeRecord & { callback_id?: string },
): Promise<boolean> {
  const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
  let recordId = input.callback_id
  if (!recordId && input.outcome === "flagged" && input.read) {
    recordId = (await platega.recordFinding(input.read)).id
  }
  if (!recordId) return false
  // One statement: the outcome written, the attempt counted, the one before returned.
  const marked = await platega.markCallbackOutcome(recordId, {
    outcome: input.outcome,
    detail: input.detail,
    session_id: input.session_id ?? null,
    order_id: input.order_id ?? null,
    processed_at: isFinalOutcome(input.outcome) ? new Date() : null,
    read_status: input.read?.status ?? null,
    case_kind: input.outcome === "flagged" ? (input.case_kind ?? null) : null,
  })
  if (!marked) {
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Platega callback record ${recordId} was not found`,
    )
  }
  if (input.outcome === "flagged" && marked.previous !== "flagged") {
    // A new case for a person: the admin is told (once per case, see the subscriber).
    await container
      .resolve(Modules.EVENT_BUS)
      .emit({ name: PLATEGA_CASE_FLAGGED, data: { id: recordId } })
  }
  return true
}
