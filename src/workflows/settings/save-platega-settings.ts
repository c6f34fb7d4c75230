import {
  createWorkflow,
  transform,
  when,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { emitEventStep } from "@medusajs/medusa/core-flows"
import { PLATEGA_SETTINGS_UPDATED } from "../../modules/platega/events"
import {
  savePlategaSettingsStep,
  type SavePlategaSettingsStepInput,
} from "./steps/save-platega-settings"

export type SavePlategaSettingsInput = SavePlategaSettingsStepInput

/**
 * Saves a change of the Platega settings from the admin: the row, an audit record naming the
 * fields that changed, and `platega.settings.updated` (field names only). Every process reads
 * the new settings within a few seconds (SETTINGS_TTL_MS, modules/platega/settings/effective.ts).
 */
export const savePlategaSettingsWorkflow = createWorkflow(
  "save-platega-settings",
  (input: SavePlategaSettingsInput) => {
    const saved = savePlategaSettingsStep(input)
    when("platega-settings-changed", { saved }, ({ saved }) => saved.changed.length > 0).then(
      () => {
        emitEventStep({
          eventName: PLATEGA_SETTINGS_UPDATED,
          data: transform({ saved, input }, ({ saved, input }) => ({
            fields: saved.changed,
            actor_id: input.actor_id,
          })),
        })
      },
    )
    return new WorkflowResponse(saved)
  },
)
