import type { MedusaContainer } from "@medusajs/framework/types"
import { reconcilePlategaPaymentsWorkflow } from "../workflows/callbacks/reconcile-platega-payments"
import { runLocked } from "./shared/run-locked"

/**
 * Finds payments whose callbacks were lost and brings them in; once per tick however many
 * instances run jobs, and never two runs at once (see runLocked).
 */
export default async function plategaReconcileJob(container: MedusaContainer): Promise<void> {
  await runLocked(container, config, async () => {
    const { result } = await reconcilePlategaPaymentsWorkflow(container).run({ input: {} })
    return result
  })
}

export const config = {
  name: "platega-reconcile",
  // A job's schedule is fixed when Medusa loads it, so it is read from the environment.
  schedule: process.env.PLATEGA_RECONCILE_SCHEDULE || "*/5 * * * *",
}
