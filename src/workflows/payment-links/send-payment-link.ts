import {
  createStep,
  createWorkflow,
  StepResponse,
  transform,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import type { INotificationModuleService } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import {
  isLiveLink,
  paymentLinkView,
  PLATEGA_MODULE,
  type PaymentLinkRecord,
  type PaymentLinkView,
  type PlategaModuleService,
} from "../../modules/platega"
import { PAYMENT_LINK_TEMPLATE, paymentLinkEmail, type EmailLocale } from "./email"

interface SendPaymentLinkInput {
  link_id: string
  /** Defaults to the order's e-mail. */
  email?: string
  locale: EmailLocale
}

/** The link and whom to send it to; only a live link is sent. */
const prepareLinkEmailStep = createStep(
  "prepare-platega-link-email",
  async (input: SendPaymentLinkInput, { container }) => {
    const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
    const [record] = (await platega.listPlategaPaymentLinks(
      { id: input.link_id },
      { take: 1 },
    )) as unknown as PaymentLinkRecord[]
    if (!record) {
      throw new MedusaError(
        MedusaError.Types.NOT_FOUND,
        `Payment link ${input.link_id} was not found`,
      )
    }
    if (!isLiveLink(record)) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Payment link ${record.id} is ${paymentLinkView(record).status}${record.superseded_by ? " (replaced)" : ""}: make a new one to send`,
      )
    }
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "order",
      fields: ["id", "display_id", "email"],
      filters: { id: record.order_id ?? "" },
    })
    const order = data[0]
    const to = input.email ?? order?.email
    if (!to) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        "email: the order has no e-mail address; give one",
      )
    }
    return new StepResponse({
      link: paymentLinkView(record),
      to,
      display_id: String(order?.display_id ?? record.order_id ?? ""),
    })
  },
)

/** Medusa's Notification module, `email` channel: the store's e-mail provider sends it. */
const sendLinkEmailStep = createStep(
  "send-platega-link-email",
  async (
    input: { link: PaymentLinkView; to: string; display_id: string; locale: EmailLocale },
    { container },
  ) => {
    const content = paymentLinkEmail(input.link, input.display_id, input.locale)
    try {
      await container
        .resolve<INotificationModuleService>(Modules.NOTIFICATION)
        .createNotifications([
          {
            to: input.to,
            channel: "email",
            template: PAYMENT_LINK_TEMPLATE,
            trigger_type: "platega.payment_link.sent",
            resource_id: input.link.id,
            resource_type: "platega_payment_link",
            data: {
              ...content,
              url: input.link.url,
              amount: input.link.amount,
              currency_code: input.link.currency_code,
              expires_at: input.link.expires_at,
              order_display_id: input.display_id,
              locale: input.locale,
            },
          },
        ])
    } catch (e) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `The e-mail was not sent: ${e instanceof Error ? e.message : String(e)}. Configure a notification provider for the "email" channel`,
      )
    }
    const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
    const updated = await platega.updatePlategaPaymentLinks({
      id: input.link.id,
      emailed_to: input.to,
      emailed_at: new Date(),
    })
    return new StepResponse(paymentLinkView(updated as unknown as PaymentLinkRecord))
  },
)

/** Sends a live payment link to the customer's e-mail, in their language, and records it. */
export const sendPaymentLinkWorkflow = createWorkflow(
  "send-platega-payment-link",
  (input: SendPaymentLinkInput) => {
    const prepared = prepareLinkEmailStep(input)
    const sent = sendLinkEmailStep(
      transform({ prepared, input }, ({ prepared, input }) => ({
        ...prepared,
        locale: input.locale,
      })),
    )
    return new WorkflowResponse(sent)
  },
)
