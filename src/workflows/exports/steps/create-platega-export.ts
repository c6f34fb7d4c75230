import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PLATEGA_MODULE, type PlategaModuleService } from "../../../modules/platega"
import type { ExportFormat } from "../format"
import type { ExportFilters } from "../filters"

export interface CreatePlategaExportInput {
  id: string
  format: ExportFormat
  filters: ExportFilters
  created_by: string | null
}

/**
 * The export record, queued. No compensation: an export that fails later stays in the history,
 * marked failed with the reason (see notify-platega-export.ts).
 */
export const createPlategaExportStep = createStep(
  "create-platega-export",
  async (input: CreatePlategaExportInput, { container }) => {
    const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
    const record = await platega.createPlategaExports({
      id: input.id,
      format: input.format,
      filters: input.filters as unknown as Record<string, unknown>,
      created_by: input.created_by,
      status: "queued",
    })
    return new StepResponse({ id: record.id })
  },
)
