import { randomUUID } from "node:crypto"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { syncPlategaSubscriptionsWorkflow } from "../workflows/subscriptions/sync-platega-subscriptions"

const LOCK_KEY = "platega-subscription-sync"
/** A run that dies keeps no one else out for longer than this. */
const LOCK_SECONDS = 15 * 60

/**
 * Keeps subscriptions in step with Platega and recovers charges whose callbacks were lost. One
 * run at a time across instances (Medusa's locking module): a run finding the lock taken skips.
 */
export default async function plategaSubscriptionSyncJob(
  container: MedusaContainer,
): Promise<void> {
  const locking = container.resolve(Modules.LOCKING)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const ownerId = `${LOCK_KEY}:${randomUUID()}`
  try {
    await locking.acquire(LOCK_KEY, { ownerId, expire: LOCK_SECONDS })
  } catch {
    logger.info("Platega subscription sync: another run is in progress; skipped")
    return
  }
  try {
    const { result } = await syncPlategaSubscriptionsWorkflow(container).run({ input: {} })
    if (result.chargesRecovered || result.flagged || result.failures) {
      logger.info(`Platega subscription sync: ${JSON.stringify(result)}`)
    }
  } finally {
    await locking.release(LOCK_KEY, { ownerId })
  }
}

export const config = {
  name: "platega-subscription-sync",
  // A job's schedule is fixed when Medusa loads it, so it is read from the environment.
  schedule: process.env.PLATEGA_SUBSCRIPTION_SYNC_SCHEDULE || "*/15 * * * *",
}
