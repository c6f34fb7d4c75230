import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  PLATEGA_MODULE,
  type PlategaModuleService,
  type SealedSettingsPatch,
  type StoredSettings,
} from "../../../modules/platega"

export interface SavePlategaSettingsStepInput {
  /** The change, its secrets already sealed (encrypted): never a secret in plain text here. */
  patch: SealedSettingsPatch
  actor_id: string | null
}

type Undo = { previous: StoredSettings | null; audit_id: string } | null

/** Writes the change and its audit record; compensation puts the row back and drops the record. */
export const savePlategaSettingsStep = createStep(
  "save-platega-settings",
  async (input: SavePlategaSettingsStepInput, { container }) => {
    const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
    const previous = await platega.getStoredSettings()
    const { changed, auditId } = await platega.saveSettings(input.patch, input.actor_id)
    return new StepResponse<{ changed: string[] }, Undo>(
      { changed },
      auditId ? { previous, audit_id: auditId } : null,
    )
  },
  async (undo, { container }) => {
    if (!undo) return
    const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
    await platega.restoreSettings(undo.previous)
    await platega.deletePlategaSettingsAudits(undo.audit_id)
  },
)
