import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { PLATEGA_CASE_FLAGGED } from "../modules/platega/events"
import { notifyFlaggedCaseWorkflow } from "../workflows/attention/notify-flagged-case"

/** A new flagged case: the admin is told at once (the feed notification, keyed on the case). */
export default async function plategaCaseFlagged({
  event,
  container,
}: SubscriberArgs<{ id: string }>) {
  await notifyFlaggedCaseWorkflow(container).run({ input: { callback_event_id: event.data.id } })
}

export const config: SubscriberConfig = {
  event: PLATEGA_CASE_FLAGGED,
  context: { subscriberId: "platega-case-flagged" },
}
