import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { PLATEGA_CASE_FLAGGED } from "../modules/platega/events"
import { notifyFlaggedCaseWorkflow } from "../workflows/attention/notify-flagged-case"
import { errorMessage } from "../workflows/error-message"

/**
 * A new flagged case: the admin is told at once (the feed notification, keyed on the case). Two
 * records of one case flagged at the same moment both get here; the notification module keeps
 * one by its key and refuses the other, which is then already told.
 */
export default async function plategaCaseFlagged({
  event,
  container,
}: SubscriberArgs<{ id: string }>) {
  try {
    await notifyFlaggedCaseWorkflow(container).run({ input: { callback_event_id: event.data.id } })
  } catch (e) {
    if (!toldAlready(e)) throw e
  }
}

// A workflow's error may arrive as a plain object: its message is read either way.
const toldAlready = (e: unknown) =>
  /idempotency_key: platega-case:.*already exists/.test(errorMessage(e))

export const config: SubscriberConfig = {
  event: PLATEGA_CASE_FLAGGED,
  context: { subscriberId: "platega-case-flagged" },
}
