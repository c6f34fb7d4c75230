import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { PLATEGA_MODULE, type PlategaModuleService } from "../../modules/platega"
import { processPlategaCallbackWorkflow } from "./process-platega-callback"

/**
 * Runs the callback workflow for one recorded callback. A failure is written to the log (the
 * reconciliation job retries it) and rethrown so the event bus can retry too.
 */
export async function runPlategaCallback(
  container: MedusaContainer,
  callbackId: string,
): Promise<void> {
  try {
    await processPlategaCallbackWorkflow(container).run({ input: { callback_id: callbackId } })
  } catch (e) {
    const message = errorMessage(e)
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(`Platega: callback ${callbackId} failed: ${message}`)
    const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
    const [record] = await platega.listPlategaCallbackEvents({ id: callbackId }, { take: 1 })
    if (record) {
      await platega.updatePlategaCallbackEvents({
        id: record.id,
        outcome: "failed",
        detail: message.slice(0, 1000),
        attempts: record.attempts + 1,
      })
    }
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
