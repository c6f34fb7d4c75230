import type { MedusaContainer, PaymentDTO } from "@medusajs/framework/types"
import {
  createWorkflow,
  transform,
  when,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import {
  addOrderTransactionStep,
  createOrderPaymentCollectionWorkflow,
  createPaymentSessionsWorkflow,
} from "@medusajs/medusa/core-flows"
import { PLATEGA_MODULE, type PlategaModuleService } from "../../modules/platega"
import { authorizeWithReadStep } from "../steps/authorize-with-read"
import { decideLinkSettlementStep, type LinkSettlement } from "./steps/decide-link-settlement"
import { recordLinkSettlementStep } from "./steps/record-link-settlement"
import { withCollectionLock } from "./request-payment-link"

const settlePaymentLinkWorkflowId = "settle-platega-payment-link"

/**
 * A link's transaction, brought into Medusa once. When Platega confirms it, the money becomes a
 * payment on the link's collection through Medusa's own workflows (a payment session with the
 * Platega provider for that transaction, authorized: Platega has captured already, so Medusa
 * records the capture, and the order gets its transaction). When the collection no longer needs
 * that money (paid by another link, or its amount changed) it is captured on a new collection of
 * the order instead, flagged, and the admin is told. Run it through `settlePaymentLink`.
 */
const settlePaymentLinkWorkflow = createWorkflow(
  settlePaymentLinkWorkflowId,
  (input: { transaction_id: string }) => {
    const decision = decideLinkSettlementStep(input)

    const ownCollection = when(
      "platega-link-needs-own-collection",
      { decision },
      ({ decision }) => decision.action === "capture" && !decision.collection_id,
    ).then(() =>
      createOrderPaymentCollectionWorkflow.runAsStep({
        input: transform({ decision }, ({ decision }) => ({
          order_id: decision.order_id!,
          // A decimal string keeps kopecks exact; Medusa's BigNumber takes it as is.
          amount: decision.amount! as unknown as number,
        })),
      }),
    )
    const collectionId = transform(
      { decision, ownCollection },
      ({ decision, ownCollection }) => decision.collection_id ?? ownCollection?.[0]?.id ?? null,
    )

    const payment = when(
      "platega-link-capture",
      { decision },
      ({ decision }) => decision.action === "capture",
    ).then(() => {
      const session = createPaymentSessionsWorkflow.runAsStep({
        input: transform({ decision, collectionId }, ({ decision, collectionId }) => ({
          payment_collection_id: collectionId!,
          provider_id: decision.provider_id!,
          data: { link_of: decision.link_id, transaction_id: decision.transaction_id },
        })),
      })
      // The provider checks the transaction (the decision's read of it): CONFIRMED is captured.
      const authorized = authorizeWithReadStep(
        transform({ session, decision }, ({ session, decision }) => ({
          id: session.id,
          transaction: decision.read,
        })),
      )
      addOrderTransactionStep(
        transform({ authorized, decision }, ({ authorized, decision }) =>
          (authorized?.captures ?? []).map((capture) => ({
            order_id: decision.order_id!,
            amount: capture.raw_amount ?? capture.amount,
            currency_code: authorized!.currency_code,
            reference: "capture",
            reference_id: capture.id,
          })),
        ),
      )
      return authorized
    })

    const recorded = recordLinkSettlementStep(
      transform({ decision, payment, collectionId }, ({ decision, payment, collectionId }) => ({
        decision,
        payment: (payment ?? null) as PaymentDTO | null,
        captured_collection_id: collectionId,
      })),
    )
    return new WorkflowResponse(recorded)
  },
)

/**
 * Settles the link of `transactionId` under its collection's lock; undefined when the
 * transaction is no payment link of this store. Callbacks, repeats of them and the
 * reconciliation job all come here: whichever runs first captures, the others find it done.
 */
export async function settlePaymentLink(
  container: MedusaContainer,
  transactionId: string,
): Promise<LinkSettlement | undefined> {
  const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
  const [link] = await platega.listPlategaPaymentLinks(
    { transaction_id: transactionId },
    { take: 1, select: ["id", "payment_collection_id"] },
  )
  if (!link) return undefined
  return withCollectionLock(container, link.payment_collection_id, async () => {
    const { result } = await settlePaymentLinkWorkflow(container).run({
      input: { transaction_id: transactionId },
    })
    return result
  })
}
