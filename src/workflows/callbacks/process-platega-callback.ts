import {
  createWorkflow,
  transform,
  when,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { handlePlategaTransactionWorkflow } from "./handle-platega-transaction"
import { loadPlategaCallbackStep } from "../steps/load-platega-callback"
import { markPlategaCallbackStep, type OutcomeRecord } from "../steps/mark-platega-callback"
import { settleLinkCallbackStep } from "../payment-links/steps/settle-link-callback"
import { settleSubscriptionCallbackStep } from "../subscriptions/steps/settle-subscription-callback"

const processPlategaCallbackWorkflowId = "process-platega-callback"

/**
 * One recorded callback, acted on by its kind. A transaction callback goes through the
 * transaction workflow (one read of GET /transaction/{id}, Medusa's payment processing); a
 * subscription charge becomes its order (or makes the subscription PastDue), a subscription status
 * is brought in step with Platega's read.
 */
export const processPlategaCallbackWorkflow = createWorkflow(
  processPlategaCallbackWorkflowId,
  (input: { callback_id: string }) => {
    const record = loadPlategaCallbackStep(input)

    // A payment link's transaction is settled against its payment collection, not a cart.
    const link = when(
      "platega-callback-is-transaction",
      { record },
      ({ record }) => record?.kind === "transaction",
    ).then(() =>
      settleLinkCallbackStep(
        transform({ record }, ({ record }) => ({ transaction_id: record!.platega_id })),
      ),
    )
    when("platega-callback-is-link", { link }, ({ link }) => !!link).then(() => {
      markPlategaCallbackStep(
        transform({ record, link }, ({ record, link }) => ({ ...link!, callback_id: record!.id })),
      ).config({ name: "mark-platega-link-callback" })
    })

    const transaction = when(
      "platega-callback-is-checkout-transaction",
      { record, link },
      ({ record, link }) => record?.kind === "transaction" && !link,
    ).then(() =>
      handlePlategaTransactionWorkflow.runAsStep({
        input: transform({ record }, ({ record }) => ({
          transaction_id: record!.platega_id,
          callback_id: record!.id,
          claimed_status: record!.status,
        })),
      }),
    )

    const subscription = when(
      "platega-callback-is-subscription",
      { record },
      ({ record }) => !!record && record.kind !== "transaction",
    ).then(() => {
      const outcome = settleSubscriptionCallbackStep(transform({ record }, ({ record }) => record!))
      markPlategaCallbackStep(
        transform({ record, outcome }, ({ record, outcome }) => ({
          ...outcome,
          callback_id: record!.id,
        })),
      ).config({ name: "mark-platega-subscription-callback" })
      return outcome
    })

    return new WorkflowResponse(
      transform(
        { link, transaction, subscription },
        ({ link, transaction, subscription }): OutcomeRecord | null =>
          (link as OutcomeRecord | undefined) ?? transaction ?? subscription ?? null,
      ),
    )
  },
)
