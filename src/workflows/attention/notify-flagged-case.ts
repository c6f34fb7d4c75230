import {
  createStep,
  createWorkflow,
  StepResponse,
  transform,
  when,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { sendNotificationsStep } from "@medusajs/medusa/core-flows"
import type { CreateNotificationDTO } from "@medusajs/framework/types"
import {
  caseKind,
  caseNotice,
  caseNotificationKey,
  eventMoney,
  PLATEGA_MODULE,
  type PlategaModuleService,
} from "../../modules/platega"
import { findFlaggedCase } from "./flagged-case"

export const notifyFlaggedCaseWorkflowId = "notify-platega-flagged-case"

/** The feed notification for a flagged callback; undefined when it is not (or no longer) flagged. */
const buildCaseNotificationStep = createStep(
  "build-platega-case-notification",
  async (input: { callback_event_id: string }, { container }) => {
    const found = await findFlaggedCase(container, input.callback_event_id)
    if (!found) return new StepResponse<CreateNotificationDTO[] | undefined>(undefined)
    const settings = await container
      .resolve<PlategaModuleService>(PLATEGA_MODULE)
      .getEffectiveSettings()
    const where = { order_display_id: found.order_display_id, cart_id: found.cart_id }
    const notice = caseNotice(found.event, where, settings.notificationLanguage)
    const kind = caseKind(found.event)
    const { amount, currency } = eventMoney(found.event)
    return new StepResponse<CreateNotificationDTO[] | undefined>([
      {
        // The admin's feed, as Medusa's own exports use it: every admin sees it.
        to: "",
        channel: "feed",
        template: "admin-ui",
        // Keyed on the case: found again (another delivery, path or record), it is not sent again.
        idempotency_key: caseNotificationKey({ platega_id: found.event.platega_id, kind }),
        data: {
          ...notice,
          case: {
            id: found.event.id,
            kind,
            transaction_id: found.event.platega_id,
            amount,
            currency_code: currency,
            order_id: found.order_id,
            order_display_id: found.order_display_id,
            cart_id: found.cart_id,
          },
        },
      },
    ])
  },
)

/** Tells the admin about a new flagged case, once. */
export const notifyFlaggedCaseWorkflow = createWorkflow(
  notifyFlaggedCaseWorkflowId,
  (input: { callback_event_id: string }) => {
    const notifications = buildCaseNotificationStep(input)
    when(
      "platega-case-still-flagged",
      { notifications },
      ({ notifications }) => !!notifications,
    ).then(() => {
      sendNotificationsStep(transform({ notifications }, ({ notifications }) => notifications!))
    })
    return new WorkflowResponse(
      transform({ notifications }, ({ notifications }) => !!notifications),
    )
  },
)
