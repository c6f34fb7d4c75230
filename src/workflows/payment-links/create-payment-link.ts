import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { paymentLinkView } from "../../modules/platega"
import { checkLinkRequestStep, type LinkRequestInput } from "./steps/check-link-request"
import { createPlategaLinkStep } from "./steps/create-platega-link"
import { recordPaymentLinkStep } from "./steps/record-payment-link"

const createPaymentLinkWorkflowId = "create-platega-payment-link"

/**
 * A Platega payment link for exactly what an order's payment collection still needs. Refused
 * before anything is created at Platega when nothing is owed, the amount is not the outstanding
 * one, or the currency is not one the store's Platega takes. Run it through `requestPaymentLink`,
 * which holds the collection's lock.
 */
export const createPaymentLinkWorkflow = createWorkflow(
  createPaymentLinkWorkflowId,
  (input: LinkRequestInput) => {
    const request = checkLinkRequestStep(input)
    const created = createPlategaLinkStep(request)
    const recorded = recordPaymentLinkStep(
      transform({ request, created, input }, ({ request, created, input }) => ({
        request,
        created,
        created_by: input.created_by,
      })),
    )
    return new WorkflowResponse(
      transform({ recorded }, ({ recorded }) => paymentLinkView(recorded.link)),
    )
  },
)
