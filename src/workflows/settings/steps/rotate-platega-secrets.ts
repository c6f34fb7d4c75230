import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  PLATEGA_MODULE,
  type PlategaModuleService,
  type StoredSettings,
} from "../../../modules/platega"

/** Re-encrypts secrets stored under an older key; compensation puts the old ciphertexts back. */
export const rotatePlategaSecretsStep = createStep(
  "rotate-platega-secrets",
  async (input: { actor_id: string | null }, { container }) => {
    const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
    const previous = await platega.getStoredSettings()
    const rotated = await platega.rotateSecrets(input.actor_id)
    return new StepResponse<{ rotated: number }, StoredSettings | null>(
      { rotated },
      rotated ? previous : null,
    )
  },
  async (previous, { container }) => {
    if (!previous) return
    await container.resolve<PlategaModuleService>(PLATEGA_MODULE).restoreSettings(previous)
  },
)
