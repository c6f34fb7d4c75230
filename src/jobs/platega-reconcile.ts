import type { MedusaContainer } from "@medusajs/framework/types"
import { reconcilePlategaPaymentsWorkflow } from "../workflows/callbacks/reconcile-platega-payments"

/** Finds payments whose callbacks were lost and brings them in. */
export default async function plategaReconcileJob(container: MedusaContainer): Promise<void> {
  await reconcilePlategaPaymentsWorkflow(container).run({ input: {} })
}

export const config = {
  name: "platega-reconcile",
  // A job's schedule is fixed when Medusa loads it, so it is read from the environment.
  schedule: process.env.PLATEGA_RECONCILE_SCHEDULE || "*/5 * * * *",
}
