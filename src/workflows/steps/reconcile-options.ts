import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PLATEGA_MODULE, type PlategaModuleService } from "../../modules/platega"
import type { PlategaModuleOptions } from "../../modules/platega/plugin-options"

export type ReconcileOptions = PlategaModuleOptions["reconcile"]

/** The module's reconcile options, the admin's reconciliation age over them, and a run's overrides. */
export const resolveReconcileOptionsStep = createStep(
  "resolve-platega-reconcile-options",
  async (overrides: Partial<ReconcileOptions>, { container }) => {
    const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
    const settings = await platega.getEffectiveSettings().catch(() => undefined)
    const fromSettings =
      settings?.reconcileMinAgeMinutes !== undefined
        ? { minAgeMinutes: settings.reconcileMinAgeMinutes }
        : {}
    return new StepResponse<ReconcileOptions>({
      ...platega.getOptions().reconcile,
      ...fromSettings,
      ...overrides,
    })
  },
)
