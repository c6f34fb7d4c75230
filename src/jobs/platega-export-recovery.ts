import type { MedusaContainer } from "@medusajs/framework/types"
import { failInterruptedPlategaExportsWorkflow } from "../workflows/exports/fail-interrupted-exports"
import { runLocked } from "./shared/run-locked"

/**
 * After a restart (or a crash, in any instance), an export that was being written is marked
 * failed with a "try again" instead of staying "running" for ever. Runs where Medusa runs jobs
 * (a shared or worker instance), once per tick across instances (runLocked); an export another
 * instance is still writing keeps its heartbeat fresh and is left alone.
 */
export default async function plategaExportRecoveryJob(container: MedusaContainer): Promise<void> {
  await runLocked(container, config, async () => {
    const { result } = await failInterruptedPlategaExportsWorkflow(container).run({ input: {} })
    return result
  })
}

export const config = {
  name: "platega-export-recovery",
  schedule: process.env.PLATEGA_EXPORT_RECOVERY_SCHEDULE || "* * * * *",
}
