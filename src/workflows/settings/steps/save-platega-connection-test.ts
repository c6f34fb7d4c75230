import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  PLATEGA_MODULE,
  type ConnectionTestRecord,
  type PlategaModuleService,
} from "../../../modules/platega"

/** Keeps the outcome of a connection test (no secrets in it) as the last test. */
export const savePlategaConnectionTestStep = createStep(
  "save-platega-connection-test",
  async (input: ConnectionTestRecord, { container }) => {
    const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
    const before = await platega.getSettingsForAdmin().catch(() => undefined)
    await platega.saveConnectionTest(input)
    return new StepResponse(input, { previous: (before?.last_test ?? null) as unknown })
  },
  async (undo, { container }) => {
    if (!undo) return
    const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
    await platega.saveConnectionTest(undo.previous as ConnectionTestRecord | null)
  },
)
