import { randomUUID } from "node:crypto"
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import {
  createStep,
  StepResponse,
  transform,
  type WorkflowData,
} from "@medusajs/framework/workflows-sdk"
import { acquireLockStep, releaseLockStep } from "@medusajs/medusa/core-flows"

/** How long a run waits for another one working on the same subscription. */
const SUBSCRIPTION_LOCK_WAIT_SECONDS = 120
/**
 * How long a workflow's hold outlives a process that died holding it. A run takes seconds; the
 * charge's claim (as long) still keeps a renewal to one order should a run ever outlast it.
 */
const SUBSCRIPTION_LOCK_TTL_SECONDS = 300

/** One lock per Platega subscription: its callbacks, sync runs and cancels take turns. */
function subscriptionLockKey(plategaId: string): string {
  return `platega-subscription:${plategaId.toLowerCase()}`
}

/** Runs `fn` under the subscription's lock, for code outside a workflow (the cancel). */
export async function withSubscriptionLock<T>(
  container: Pick<MedusaContainer, "resolve">,
  plategaId: string,
  fn: () => Promise<T>,
): Promise<T> {
  return container.resolve(Modules.LOCKING).execute(subscriptionLockKey(plategaId), fn, {
    timeout: SUBSCRIPTION_LOCK_WAIT_SECONDS,
  })
}

interface SubscriptionLock {
  key: string
  /**
   * An owner of this run's own: the release (or the compensation of the acquire) frees only the
   * hold this run took, never one another run took after an expiry.
   */
  ownerId: string
}

const subscriptionLockOwnerStep = createStep(
  "platega-subscription-lock-owner",
  async (input: { platega_id: string }) =>
    new StepResponse<SubscriptionLock>({
      key: subscriptionLockKey(input.platega_id),
      ownerId: `workflow:${randomUUID()}`,
    }),
)

/**
 * Takes the subscription's lock inside a workflow. Medusa skips acquireLockStep in a sub-workflow
 * (runAsStep), so every workflow that calls this runs as a workflow of its own. Call it (and
 * `unlockSubscription`) outside `when`: a lock step's values are not passed reliably there.
 */
export function lockSubscription(plategaId: WorkflowData<string>): WorkflowData<SubscriptionLock> {
  const lock = subscriptionLockOwnerStep(
    transform({ plategaId }, ({ plategaId }) => ({ platega_id: plategaId })),
  )
  // Whole values into the lock steps: a lock step whose key resolves to nothing does nothing.
  acquireLockStep(
    transform({ lock }, ({ lock }) => ({
      key: lock.key,
      ownerId: lock.ownerId,
      timeout: SUBSCRIPTION_LOCK_WAIT_SECONDS,
      ttl: SUBSCRIPTION_LOCK_TTL_SECONDS,
    })),
  ).config({ name: "acquire-platega-subscription-lock" })
  return lock
}

export function unlockSubscription(lock: WorkflowData<SubscriptionLock>): void {
  releaseLockStep(
    transform({ lock }, ({ lock }) => ({ key: lock.key, ownerId: lock.ownerId })),
  ).config({ name: "release-platega-subscription-lock" })
}
