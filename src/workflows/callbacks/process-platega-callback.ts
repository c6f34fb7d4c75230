import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import {
  createStep,
  createWorkflow,
  StepResponse,
  transform,
  when,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { PLATEGA_MODULE, type PlategaModuleService } from "../../modules/platega"
import { errorMessage } from "../error-message"
import { settleLinkCallbackStep } from "../payment-links/steps/settle-link-callback"
import { settleSubscriptionCallbackStep } from "../subscriptions/steps/settle-subscription-callback"
import { checkoutOf } from "../checkout/settle-checkout"
import { handlePlategaTransactionWorkflow } from "./handle-platega-transaction"
import { recordOutcome, type LoadedCallback, type OutcomeRecord } from "./record-outcome"

export type { LoadedCallback, OutcomeRecord }

// A recorded callback, from the event the callback URL emitted to what the plugin did with it:
// the record loaded, the workflow that acts on its kind, and the outcome written to the log.

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
