import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { syncPlategaSubscriptionsWorkflow } from "../workflows/subscriptions/sync-platega-subscriptions"
import { runLocked } from "./shared/run-locked"

/**
 * Keeps subscriptions in step with Platega and recovers charges whose callbacks were lost; once
 * per tick however many instances run jobs, and never two runs at once (see runLocked).
 */
export default async function plategaSubscriptionSyncJob(
  container: MedusaContainer,
): Promise<void> {
  const outcome = await runLocked(container, config, async () => {
    const { result } = await syncPlategaSubscriptionsWorkflow(container).run({ input: {} })
    return result
  })
  if (outcome.status !== "succeeded") return
  const { result } = outcome
  if (result.chargesRecovered || result.flagged || result.failures) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .info(`Platega subscription sync: ${JSON.stringify(result)}`)
  }
}

export const config = {
  name: "platega-subscription-sync",
  // A job's schedule is fixed when Medusa loads it, so it is read from the environment.
  schedule: process.env.PLATEGA_SUBSCRIPTION_SYNC_SCHEDULE || "*/15 * * * *",
}
