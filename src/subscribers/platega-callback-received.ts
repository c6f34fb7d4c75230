import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { PLATEGA_CALLBACK_RECEIVED } from "../modules/platega/events"
import { runPlategaCallback } from "../workflows/callbacks/process-platega-callback"

/** Processes a recorded callback after the route answered Platega. */
export default async function plategaCallbackReceived({
  event,
  container,
}: SubscriberArgs<{ id: string }>) {
  await runPlategaCallback(container, event.data.id)
}

export const config: SubscriberConfig = {
  event: PLATEGA_CALLBACK_RECEIVED,
  context: { subscriberId: "platega-callback-received" },
}
