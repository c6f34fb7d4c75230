import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { PLATEGA_MODULE, type PlategaModuleService } from "../modules/platega"
import { handlePlategaTransactionWorkflow } from "./handle-platega-transaction"

/**
 * Acts on one recorded callback. Transaction callbacks go through the transaction workflow;
 * subscription callbacks are validated and recorded. A failure is written to the log (the
 * reconciliation job retries it) and rethrown so the event bus can retry too.
 */
export async function processPlategaCallback(
  container: MedusaContainer,
  callbackId: string,
): Promise<void> {
  const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
  const [record] = await platega.listPlategaCallbackEvents({ id: callbackId }, { take: 1 })
  if (!record) return
  if (record.kind !== "transaction") {
    await platega.updatePlategaCallbackEvents({
      id: record.id,
      outcome: "recorded",
      detail: "Subscription callback recorded",
      processed_at: new Date(),
      attempts: record.attempts + 1,
    })
    return
  }
  try {
    await handlePlategaTransactionWorkflow(container).run({
      input: { transaction_id: record.platega_id, callback_id: record.id },
    })
  } catch (e) {
    const message = errorMessage(e)
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(`Platega: callback ${record.id} failed: ${message}`)
    await platega.updatePlategaCallbackEvents({
      id: record.id,
      outcome: "failed",
      detail: message.slice(0, 1000),
      attempts: record.attempts + 1,
    })
    throw e
  }
}

/** Workflow errors may arrive as plain objects (serialized across the engine). */
export function errorMessage(e: unknown): string {
  if (e instanceof Error) return e.message
  if (e && typeof e === "object" && "message" in e)
    return String((e as { message: unknown }).message)
  return JSON.stringify(e)
}
