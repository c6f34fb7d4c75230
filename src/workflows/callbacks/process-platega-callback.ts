import {
  createWorkflow,
  transform,
  when,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { handlePlategaTransactionWorkflow } from "./handle-platega-transaction"
import { loadPlategaCallbackStep } from "../steps/load-platega-callback"
import { markPlategaCallbackStep } from "../steps/mark-platega-callback"

export const processPlategaCallbackWorkflowId = "process-platega-callback"

/**
 * One recorded callback, acted on by its kind. A transaction callback goes through the
 * transaction workflow (one read of GET /transaction/{id}, Medusa's payment processing);
 * subscription callbacks are recorded.
 */
export const processPlategaCallbackWorkflow = createWorkflow(
  processPlategaCallbackWorkflowId,
  (input: { callback_id: string }) => {
    const record = loadPlategaCallbackStep(input)

    const transaction = when(
      "platega-callback-is-transaction",
      { record },
      ({ record }) => record?.kind === "transaction",
    ).then(() =>
      handlePlategaTransactionWorkflow.runAsStep({
        input: transform({ record }, ({ record }) => ({
          transaction_id: record!.platega_id,
          callback_id: record!.id,
          claimed_status: record!.status,
        })),
      }),
    )

    when(
      "platega-callback-is-subscription",
      { record },
      ({ record }) => !!record && record.kind !== "transaction",
    ).then(() => {
      markPlategaCallbackStep(
        transform({ record }, ({ record }) => ({
          callback_id: record!.id,
          outcome: "recorded" as const,
          detail: "Subscription callback recorded",
        })),
      ).config({ name: "mark-platega-subscription-callback" })
    })

    return new WorkflowResponse(
      transform({ transaction }, ({ transaction }) => transaction ?? null),
    )
  },
)
