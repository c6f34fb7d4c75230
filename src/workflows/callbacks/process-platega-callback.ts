import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import {
  createStep,
  createWorkflow,
  StepResponse,
  transform,
  when,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import {
  isFinalOutcome,
  PLATEGA_CASE_FLAGGED,
  PLATEGA_MODULE,
  type CallbackKind,
  type PlategaModuleService,
} from "../../modules/platega"
import type { PaymentOutcome } from "../../providers/platega"
import { errorMessage } from "../error-message"
import { settleLinkCallbackStep } from "../payment-links/steps/settle-link-callback"
import { settleSubscriptionCallbackStep } from "../subscriptions/steps/settle-subscription-callback"
import { checkoutOf } from "../checkout/settle-checkout"
import { handlePlategaTransactionWorkflow } from "./handle-platega-transaction"

// A recorded callback, from the event the callback URL emitted to what the plugin did with it:
// the record loaded, the workflow that acts on its kind, and the outcome written to the log.

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

/** The recorded callback a run acts on; undefined when it is gone. */
const loadPlategaCallbackStep = createStep(
  "load-platega-callback",
  async (input: { callback_id: string }, { container }) => {
    const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
    const [record] = await platega.listPlategaCallbackEvents(
      { id: input.callback_id },
      { take: 1, select: ["id", "kind", "platega_id", "status", "body", "authenticated"] },
    )
    if (!record) return new StepResponse<LoadedCallback | undefined>(undefined)
    const { body, ...rest } = record as LoadedCallback & { body?: Record<string, unknown> }
    const subscriptionId = body?.SubscriptionId
    return new StepResponse<LoadedCallback | undefined>({
      ...rest,
      ...(typeof subscriptionId === "string" ? { subscription_id: subscriptionId } : {}),
    })
  },
)

/**
 * A transaction callback's owner in the store's own records: its checkout (the record names the
 * session and cart), else possibly one of its payment links. One look-up for a checkout's.
 */
const findCheckoutStep = createStep(
  "find-platega-checkout",
  async (input: { transaction_id: string }, { container }) =>
    new StepResponse({ checkout: (await checkoutOf(container, input.transaction_id)) ?? null }),
)

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

const markPlategaCallbackStep = createStep(
  "mark-platega-callback",
  async (input: OutcomeRecord & { callback_id?: string }, { container }) =>
    new StepResponse({ marked: await recordOutcome(container, input) }),
)

/**
 * One recorded callback, acted on by its kind. A checkout's transaction goes through the
 * transaction workflow (one read of GET /transaction/{id}, the order made under the cart's lock);
 * a payment link's is settled against its payment collection; a subscription charge becomes its
 * order (or makes the subscription PastDue), a subscription status is brought in step with
 * Platega's read. What it did is written to the callback log.
 */
export const processPlategaCallbackWorkflow = createWorkflow(
  "process-platega-callback",
  (input: { callback_id: string }) => {
    const record = loadPlategaCallbackStep(input)
    const transactionId = transform({ record }, ({ record }) => ({
      transaction_id: record?.platega_id ?? "",
    }))

    const found = when(
      "platega-callback-is-transaction",
      { record },
      ({ record }) => record?.kind === "transaction",
    ).then(() => findCheckoutStep(transactionId))

    // Not a checkout the store made: one of its payment links, if any, settled against its collection.
    const link = when(
      "platega-callback-may-be-link",
      { found },
      ({ found }) => !!found && !found.checkout,
    ).then(() => settleLinkCallbackStep(transactionId))

    const transaction = when(
      "platega-callback-is-checkout-transaction",
      { found, link },
      ({ found, link }) => !!found && !link,
    ).then(() =>
      handlePlategaTransactionWorkflow.runAsStep({
        input: transform({ record, found }, ({ record, found }) => ({
          transaction_id: record!.platega_id,
          claimed_status: record!.status,
          checkout: found!.checkout,
        })),
      }),
    )

    const subscription = when(
      "platega-callback-is-subscription",
      { record },
      ({ record }) => !!record && record.kind !== "transaction",
    ).then(() => settleSubscriptionCallbackStep(transform({ record }, ({ record }) => record!)))

    const outcome = transform(
      { link, transaction, subscription },
      ({ link, transaction, subscription }): OutcomeRecord | null =>
        (link as OutcomeRecord | undefined) ?? transaction ?? subscription ?? null,
    )
    when("platega-callback-has-outcome", { record, outcome }, ({ record, outcome }) => {
      return !!record && !!outcome
    }).then(() => {
      markPlategaCallbackStep(
        transform({ record, outcome }, ({ record, outcome }) => ({
          ...outcome!,
          callback_id: record!.id,
        })),
      )
    })
    return new WorkflowResponse(outcome)
  },
)

/**
 * Runs the callback workflow for one recorded callback (the event's subscriber, the
 * reconciliation job's retry). A failure is written to the log (the reconciliation job retries
 * it) and rethrown so the event bus can retry too.
 */
export async function runPlategaCallback(
  container: MedusaContainer,
  callbackId: string,
): Promise<void> {
  try {
    await processPlategaCallbackWorkflow(container).run({ input: { callback_id: callbackId } })
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
