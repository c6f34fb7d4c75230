import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import {
  createStep,
  createWorkflow,
  StepResponse,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { PLATEGA_MODULE, type PlategaModuleService } from "../../modules/platega"
import { errorMessage } from "../error-message"
import { settleLinkCallback } from "../payment-links/link-callback"
import { settleSubscriptionCallback } from "../subscriptions/subscription-callback"
import type { Checkout } from "../checkout/settle-checkout"
import { handlePlategaTransaction } from "./handle-platega-transaction"
import { recordOutcome, type LoadedCallback, type OutcomeRecord } from "./record-outcome"

export type { LoadedCallback, OutcomeRecord }

// A recorded callback, from the event the callback URL emitted to what the plugin did with it:
// the record loaded, acted on by its kind, and the outcome written to the log.

/** A recorded callback as a run acts on it, with its transaction's checkout (null: none). */
type CallbackToSettle = LoadedCallback & { checkout: Checkout | null }

/** The recorded callback a run acts on, with its checkout, in one read; undefined when it is gone. */
async function loadCallback(
  container: MedusaContainer,
  id: string,
): Promise<CallbackToSettle | undefined> {
  const row = await container.resolve<PlategaModuleService>(PLATEGA_MODULE).loadCallback(id)
  if (!row) return undefined
  const { checkout_session_id: session, checkout_cart_id: cart, subscription_id, ...record } = row
  return {
    ...record,
    ...(subscription_id !== null ? { subscription_id } : {}),
    checkout: session ? { payment_session_id: session, cart_id: cart } : null,
  }
}

/**
 * What a recorded callback is about, acted on. A checkout's transaction (the store's record names
 * its session and cart) is settled by handlePlategaTransaction: one read of GET /transaction/{id},
 * the order made under the cart's lock. Any other transaction is one of the store's payment links,
 * if any, settled against its collection, else handlePlategaTransaction finds what it pays. A
 * subscription charge becomes its order (or makes the subscription PastDue); a subscription status
 * is brought in step with Platega's read.
 */
function settleCallback(
  container: MedusaContainer,
  record: CallbackToSettle,
): Promise<OutcomeRecord> {
  if (record.kind !== "transaction") return settleSubscriptionCallback(container, record)
  return settleTransactionCallback(container, record)
}

async function settleTransactionCallback(
  container: MedusaContainer,
  record: CallbackToSettle,
): Promise<OutcomeRecord> {
  const { checkout } = record
  const link = checkout ? undefined : await settleLinkCallback(container, record.platega_id)
  return (
    link ??
    handlePlategaTransaction(container, {
      transaction_id: record.platega_id,
      claimed_status: record.status,
      checkout,
    })
  )
}

/**
 * One recorded callback, acted on by its kind, and what was done written to the callback log; null
 * when the record is gone. A plain function, as handlePlategaTransaction is: every part is
 * idempotent and takes its own locks, and the workflows it runs (Medusa's cart completion, a
 * subscription's) checkpoint and compensate themselves.
 */
export async function processPlategaCallback(
  container: MedusaContainer,
  callbackId: string,
): Promise<OutcomeRecord | null> {
  const record = await loadCallback(container, callbackId)
  if (!record) return null
  const outcome = await settleCallback(container, record)
  await recordOutcome(container, { ...outcome, callback_id: record.id })
  return outcome
}

/**
 * Runs processPlategaCallback for one recorded callback (the event's subscriber, the
 * reconciliation job's retry). A failure is written to the log (the reconciliation job retries
 * it) and rethrown so the event bus can retry too.
 */
export async function runPlategaCallback(
  container: MedusaContainer,
  callbackId: string,
): Promise<void> {
  try {
    await processPlategaCallback(container, callbackId)
  } catch (e) {
    const message = errorMessage(e)
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(`Platega: callback ${callbackId} failed: ${message}`)
    const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
    const [record] = await platega.listPlategaCallbackEvents({ id: callbackId }, { take: 1 })
    if (record) {
      await platega.updatePlategaCallbackEvents({
        id: record.id,
        outcome: "failed",
        detail: message.slice(0, 1000),
        attempts: record.attempts + 1,
      })
    }
    throw e
  }
}

const processPlategaCallbackStep = createStep(
  "process-platega-callback-step",
  async (input: { callback_id: string }, { container }) =>
    new StepResponse(await processPlategaCallback(container as MedusaContainer, input.callback_id)),
)

/**
 * processPlategaCallback as a workflow, for a store's own code that runs it (the plugin's
 * subscriber and jobs call the function).
 */
export const processPlategaCallbackWorkflow = createWorkflow(
  "process-platega-callback",
  (input: { callback_id: string }) => new WorkflowResponse(processPlategaCallbackStep(input)),
)
