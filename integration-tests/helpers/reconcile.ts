import type { MedusaContainer } from "@medusajs/framework/types"
import {
  reconcilePlategaPaymentsWorkflow,
  type ReconcileReport,
} from "../../src/workflows/callbacks/reconcile-platega-payments"

/** One reconciliation run, as the scheduled job does it, with the given overrides. */
export async function reconcile(
  container: MedusaContainer,
  overrides: { minAgeMinutes?: number } = {},
): Promise<ReconcileReport> {
  const { result } = await reconcilePlategaPaymentsWorkflow(container).run({ input: overrides })
  return result
}
