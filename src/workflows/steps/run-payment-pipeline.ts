import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { processPaymentWorkflow } from "@medusajs/medusa/core-flows"
import { ContainerRegistrationKeys, Modules, PaymentActions } from "@medusajs/framework/utils"
import type { MedusaContainer, WebhookActionResult } from "@medusajs/framework/types"
import type { TransactionStatus } from "../../lib/platega"
import { withHandedReads } from "../../modules/platega"
import { cartOfPaymentCollection } from "../link-reads"

export interface PaymentPipelineInput {
  webhook: WebhookActionResult
  /** The session's payment collection (the transaction's session was read just before). */
  payment_collection_id: string
  /** Platega's answer that decided it, handed to the session's authorization. */
  transaction: TransactionStatus
}

/** As long as Medusa's processPaymentWorkflow waits for the cart's lock. */
const LOCK_TIMEOUT_SECONDS = 30

/**
 * Medusa's payment webhook pipeline, second half, for a paid transaction the store has no
 * checkout record of (made before it kept one); a checkout's is settled under its cart's lock by
 * confirm-platega-transaction.ts. Run as its own top-level workflow, not with
 * runAsStep: as a sub-workflow its cart lock is skipped, and a shopper completing the same cart at
 * the same moment would then authorize the session twice.
 *
 * The usual race: Platega's callback arrives while the shopper, back from the payment page, is
 * completing the cart. processPaymentWorkflow reads the session's payment before it waits for the
 * cart's lock, so once the shopper's completion is done it would authorize, capture and complete
 * all over again, finding each step already done (most of a checkout's work, twice). Checked under
 * the same lock first: a cart whose order exists with this session's payment captured (or, for an
 * authorization, made) needs nothing, so the pipeline runs only when there is something to do.
 */
export const runPaymentPipelineStep = createStep(
  "run-platega-payment-pipeline",
  async (
    { webhook: input, payment_collection_id, transaction }: PaymentPipelineInput,
    { container },
  ) => {
    const cartId = await cartOfPaymentCollection(container, payment_collection_id)
    const settled =
      cartId !== undefined &&
      (await container
        .resolve(Modules.LOCKING)
        .execute(cartId, () => alreadySettled(container, cartId, input), {
          timeout: LOCK_TIMEOUT_SECONDS,
        }))
    if (!settled) {
      await withHandedReads({ transactions: [transaction] }, () =>
        processPaymentWorkflow(container).run({ input }),
      )
    }
    return new StepResponse({ ran: !settled })
  },
)

/** Whether the cart's order exists and this session's payment is as the action asks. */
async function alreadySettled(
  container: MedusaContainer,
  cartId: string,
  input: WebhookActionResult,
): Promise<boolean> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const [{ data: orders }, { data: payments }] = await Promise.all([
    query.graph({ entity: "order_cart", fields: ["order_id"], filters: { cart_id: cartId } }),
    query.graph({
      entity: "payment",
      fields: ["id", "captured_at"],
      filters: { payment_session_id: input.data!.session_id },
    }),
  ])
  const payment = payments[0] as { captured_at?: Date | string | null } | undefined
  if (!orders.length || !payment) return false
  return input.action === PaymentActions.SUCCESSFUL ? !!payment.captured_at : true
}
