import type { INotificationModuleService, Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { PLATEGA_MODULE, type PlategaModuleService } from "../../../modules/platega"
import type { ExportFilters } from "../filters"
import { FORMAT_FILES, type ExportFormat } from "../format"
import { exportTexts } from "../notice"

/** An export whose file is written: what its notice names. */
export interface WrittenExport {
  id: string
  file_key: string
  file_name: string
  row_count: number
}

/** The store's own download route for an export's file (authenticated; works with any file provider). */
export function exportDownloadPath(id: string): string {
  return `/admin/platega/exports/${id}/download`
}

function backendUrl(container: { resolve<T>(key: string): T }): string {
  const config = container.resolve<{ admin?: { backendUrl?: string } }>(
    ContainerRegistrationKeys.CONFIG_MODULE,
  )
  const base = config.admin?.backendUrl ?? "/"
  return base === "/" ? "" : base.replace(/\/+$/, "")
}

/** A notification in the admin's feed, as Medusa's own exports send. Never fails the export. */
async function sendFeed(
  container: { resolve<T>(key: string): T },
  data: Record<string, unknown>,
): Promise<void> {
  try {
    await container
      .resolve<INotificationModuleService>(Modules.NOTIFICATION)
      .createNotifications([{ to: "", channel: "feed", template: "admin-ui", data }])
  } catch (e) {
    container
      .resolve<Logger>(ContainerRegistrationKeys.LOGGER)
      .warn(`Platega export notification not sent: ${e instanceof Error ? e.message : String(e)}`)
  }
}

/**
 * Does nothing going forward. When a later step fails (the export itself), its compensation makes
 * sure the record says failed and tells the admin why, with Platega's message.
 */
export const notifyPlategaExportFailureStep = createStep(
  "notify-platega-export-failure",
  async (input: { id: string }) => new StepResponse(undefined, input.id),
  async (id, { container }) => {
    if (!id) return
    const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
    let record = await platega.retrievePlategaExport(id)
    const filters = record.filters as unknown as ExportFilters
    const texts = exportTexts(filters)
    if (record.status !== "failed") {
      record = await platega.updatePlategaExports({
        id,
        status: "failed",
        error: record.error ?? { code: "stopped", message: texts.error("stopped") },
        finished_at: new Date(),
      })
    }
    await notifyExportFailed(container, record)
  },
)

/** The bell's note that an export failed, with the reason when the store knows it. */
export async function notifyExportFailed(
  container: { resolve<T>(key: string): T },
  record: { id: string; format: string; filters: unknown; error: unknown },
): Promise<void> {
  const filters = record.filters as ExportFilters
  const texts = exportTexts(filters)
  const reason = (record.error as { message?: string } | null)?.message
  await sendFeed(container, {
    // Not shown in the bell: lets a program tell which export a notification is about.
    platega_export_id: record.id,
    title: texts.title,
    description: [texts.failed(texts.name(filters, record.format)), reason]
      .filter(Boolean)
      .join("\n"),
  })
}

/** Tells the admin the file is ready, with the link to download it. */
export const notifyPlategaExportDoneStep = createStep(
  "notify-platega-export-done",
  async (input: WrittenExport, { container }) => {
    const platega = container.resolve<PlategaModuleService>(PLATEGA_MODULE)
    const record = await platega.retrievePlategaExport(input.id)
    const filters = record.filters as unknown as ExportFilters
    const texts = exportTexts(filters)
    await sendFeed(container, {
      platega_export_id: input.id,
      title: texts.title,
      description: texts.ready(texts.name(filters, record.format), input.row_count),
      file: {
        filename: input.file_name,
        url: `${backendUrl(container)}${exportDownloadPath(input.id)}`,
        mimeType: FORMAT_FILES[record.format as ExportFormat].mimeType,
      },
    })
    return new StepResponse(undefined)
  },
)
